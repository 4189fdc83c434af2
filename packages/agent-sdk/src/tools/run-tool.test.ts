import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { parseToolInput, runTool } from './run-tool.js';
import { contextFor } from './test-kit.js';

const schema = z.object({
  file_path: z.string().describe('p'),
  limit: z.number().optional().describe('l'),
});

function toolThatDoes(execute: () => Promise<{ output: string }>) {
  return defineTool<z.infer<typeof schema>>({
    name: 'Probe',
    description: 'A tool for tests.',
    inputSchema: schema,
    partialInputSchema: schema.partial(),
    permission: 'read-only',
    compact: () => undefined,
    execute,
  });
}

describe('runTool', () => {
  it('turns a schema failure into a correction naming the field', async () => {
    let ran = false;
    const tool = toolThatDoes(() => {
      ran = true;
      return Promise.resolve({ output: 'ran' });
    });
    const result = await runTool(tool, { limit: 'ten' }, contextFor('/w'));
    expect(result.isError).toBe(true);
    expect(result.output).toContain('Invalid input for Probe');
    expect(result.output).toContain('- file_path:');
    expect(result.output).toContain('- limit:');
    expect(result.output).toContain('call Probe again');
    expect(ran).toBe(false);
  });

  it('turns a thrown exception into an error result with its message', async () => {
    const tool = toolThatDoes(() => Promise.reject(new Error('disk on fire')));
    const result = await runTool(tool, { file_path: 'a' }, contextFor('/w'));
    expect(result).toEqual({
      isError: true,
      output: expect.stringContaining('Probe failed unexpectedly: disk on fire') as string,
    });
  });

  it('does not run a tool when the turn was already aborted', async () => {
    let ran = false;
    const tool = toolThatDoes(() => {
      ran = true;
      return Promise.resolve({ output: 'ran' });
    });
    const controller = new AbortController();
    controller.abort();
    const result = await runTool(
      tool,
      { file_path: 'a' },
      contextFor('/w', { signal: controller.signal }),
    );
    expect(result.isError).toBe(true);
    expect(result.output).toContain('aborted');
    expect(ran).toBe(false);
  });

  it('passes valid input through and returns the tool result', async () => {
    const tool = toolThatDoes(() => Promise.resolve({ output: 'fine' }));
    expect(await runTool(tool, { file_path: 'a' }, contextFor('/w'))).toEqual({ output: 'fine' });
    expect(parseToolInput(tool, { file_path: 'a', extra: 1 })).toEqual({
      ok: true,
      input: { file_path: 'a' },
    });
  });
});
