import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ABORT_GRACE_MS } from './abort-grace.js';
import { defineTool } from './define-tool.js';
import { contextFor } from './test-kit.js';

const schema = z.object({
  name: z.string().describe('a name'),
  count: z.number().int().max(10).optional().describe('a count'),
});

const seen: unknown[] = [];
const echoTool = defineTool<z.infer<typeof schema>>({
  name: 'Echo',
  description: 'Echoes its input.',
  inputSchema: schema,
  partialInputSchema: schema.partial(),
  permission: 'read-only',
  compact: (input) => `${input.name ?? '?'}#${input.count ?? '-'}`,
  paths: (input, workdir) => [`${workdir}/${input.name}`],
  execute: (input) => {
    seen.push(input);
    return Promise.resolve({ output: `${input.name} ${input.count ?? 0}` });
  },
});

describe('defineTool', () => {
  it('summarizes streaming input from the fields that are already valid', () => {
    expect(echoTool.compact({ name: 'ab' })).toBe('ab#-');
    // A field that is not (yet) valid is dropped instead of hiding the whole summary.
    expect(echoTool.compact({ name: 'ab', count: 99 })).toBe('ab#-');
    expect(echoTool.compact({ name: 7, count: 3 })).toBe('?#3');
  });

  it('has no summary for input that is not an object', () => {
    expect(echoTool.compact('{"name":')).toBeUndefined();
    expect(echoTool.compact(42)).toBeUndefined();
  });

  it('reports paths only for valid input (invalid input never runs)', () => {
    expect(echoTool.paths?.({ name: 'x' }, '/w')).toEqual(['/w/x']);
    expect(echoTool.paths?.({ count: 1 }, '/w')).toEqual([]);
  });

  it('validates input before the typed implementation sees it', async () => {
    seen.length = 0;
    const result = await echoTool.execute({ name: 5 }, contextFor('/w'));
    expect(result.isError).toBe(true);
    expect(result.output).toContain('- name: Invalid input: expected string');
    expect(seen).toEqual([]);
  });

  it('ends a call whose work never stops, soon after the abort, saying so', async () => {
    // A tool that ignores its signal (a read stuck in the kernel): every defined tool is bounded.
    const stuckTool = defineTool<{ name?: string }>({
      name: 'Stuck',
      description: 'Never returns.',
      inputSchema: z.object({ name: z.string().optional() }),
      partialInputSchema: z.object({ name: z.string().optional() }),
      permission: 'read-only',
      compact: () => undefined,
      execute: () => new Promise(() => undefined),
    });
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const settled = vi.fn();
      void stuckTool.execute({}, contextFor('/w', { signal: controller.signal })).then(settled);
      await vi.advanceTimersByTimeAsync(ABORT_GRACE_MS * 3);
      expect(settled).not.toHaveBeenCalled(); // Without an abort it may take as long as it needs.
      controller.abort();
      await vi.advanceTimersByTimeAsync(ABORT_GRACE_MS);
      expect(settled).toHaveBeenCalledWith({
        isError: true,
        output: 'Stuck did not stop within 5,000 ms of the abort; Wave stopped waiting for it.',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
