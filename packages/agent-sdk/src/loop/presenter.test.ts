// The Cline presenter semantics (spec/000), end to end through a real model stream.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolBlockUpdatedEvent } from '@wave-agent/shared-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../permissions/permission-request.js';
import { ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';
import { NOT_RUN_ABORTED, SKIPPED_AFTER_REJECTION } from './tool-runner.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const finalTurn = { reply: [{ type: 'text' as const, text: 'All done.' }] };

function toolEvents(h: Harness, stage: ToolBlockUpdatedEvent['stage']) {
  return ofType(h.events, 'toolBlockUpdated').filter((e) => e.stage === stage);
}

describe('the presenter', () => {
  it('starts a tool as soon as its input is complete, while the model still streams', async () => {
    harness = await startHarness('anthropic', {
      name: 'early',
      chunkSize: 4,
      delayMs: 5,
      turns: [
        {
          reply: [
            { type: 'tool_call', id: 'ls1', name: 'LS', input: { path: '.' } },
            {
              type: 'text',
              text: 'While that runs, here is a long explanation of what I am doing and why.',
            },
          ],
        },
        finalTurn,
      ],
    });
    await harness.agent.sendMessage('go');
    const types = harness.events.map((e) =>
      e.type === 'toolBlockUpdated' ? `tool:${e.stage}` : e.type,
    );
    const toolEnd = types.indexOf('tool:end');
    const firstFinished = types.indexOf('assistantMessageFinished');
    expect(toolEnd).toBeGreaterThan(-1);
    expect(toolEnd).toBeLessThan(firstFinished);
    // Text kept streaming after the tool ran.
    expect(types.slice(toolEnd, firstFinished)).toContain('assistantContentUpdated');
  });

  it('runs edit tools one at a time in call order', async () => {
    harness = await startHarness(
      'openai',
      {
        name: 'writes',
        turns: [
          {
            reply: [
              {
                type: 'tool_call',
                id: 'w1',
                name: 'Write',
                input: { file_path: 'a.txt', content: 'first' },
              },
              {
                type: 'tool_call',
                id: 'w2',
                name: 'Write',
                input: { file_path: 'a.txt', content: 'second' },
              },
            ],
          },
          finalTurn,
        ],
      },
      { permissionMode: 'acceptEdits' },
    );
    await harness.agent.sendMessage('write twice');
    const order = ofType(harness.events, 'toolBlockUpdated')
      .filter((e) => e.stage === 'running' || e.stage === 'end')
      .map((e) => `${e.id}:${e.stage}`)
      .filter((s, i, all) => s !== all[i - 1]);
    expect(order).toEqual(['w1:running', 'w1:end', 'w2:running', 'w2:end']);
    expect(readFileSync(join(harness.workdir, 'a.txt'), 'utf8')).toBe('second');
  });

  it('runs read-only tools concurrently when parallel tool calls are on, serially when off', async () => {
    const scenario = {
      name: 'reads',
      turns: [
        {
          reply: [
            { type: 'tool_call' as const, id: 'r1', name: 'LS', input: { path: '.' } },
            { type: 'tool_call' as const, id: 'r2', name: 'Glob', input: { pattern: '**/*' } },
          ],
        },
        finalTurn,
      ],
    };
    const overlap = (h: Harness) => {
      const order = ofType(h.events, 'toolBlockUpdated')
        .filter((e) => e.stage === 'running' || e.stage === 'end')
        .map((e) => `${e.id}:${e.stage}`);
      // Both calls ran to their end, either way.
      for (const step of ['r1:running', 'r1:end', 'r2:running', 'r2:end'])
        expect(order, step).toContain(step);
      return order.indexOf('r2:running') < order.indexOf('r1:end');
    };
    harness = await startHarness('openai', scenario, { parallelToolCalls: true });
    await harness.agent.sendMessage('look');
    expect(overlap(harness)).toBe(true);
    await harness.dispose();
    harness = await startHarness('openai', scenario, { parallelToolCalls: false });
    await harness.agent.sendMessage('look');
    expect(overlap(harness)).toBe(false);
  });

  it('skips the later calls of a response after the user rejects one, saying why', async () => {
    const asked: PermissionRequest[] = [];
    harness = await startHarness(
      'anthropic',
      {
        name: 'reject',
        turns: [
          {
            reply: [
              { type: 'tool_call', id: 'b1', name: 'Bash', input: { command: 'rm -rf build' } },
              {
                type: 'tool_call',
                id: 'w1',
                name: 'Write',
                input: { file_path: 'x.txt', content: 'x' },
              },
              { type: 'tool_call', id: 'l1', name: 'LS', input: { path: '.' } },
            ],
          },
          finalTurn,
        ],
      },
      {
        canUseTool: (request) => {
          asked.push(request);
          return { decision: 'deny', reason: 'not now' };
        },
      },
    );
    await harness.agent.sendMessage('clean');
    expect(asked.map((r) => r.toolName)).toEqual(['Bash']);
    expect(asked[0]!.compactParams).toBe('rm -rf build');
    const ends = toolEvents(harness, 'end');
    expect(ends.find((e) => e.id === 'b1')?.error).toBe('The user denied this call: not now');
    expect(ends.find((e) => e.id === 'w1')?.error).toBe(SKIPPED_AFTER_REJECTION);
    expect(ends.find((e) => e.id === 'l1')?.error).toBe(SKIPPED_AFTER_REJECTION);
    const sent = JSON.stringify(harness.mock.requests[1]!.body);
    expect(sent).toContain('not now');
    expect(sent).toContain('Skipped: the user rejected an earlier tool call');
  });

  it('checks abort before every step: calls not yet started are not run', async () => {
    harness = await startHarness(
      'openai',
      {
        name: 'abort-guard',
        turns: [
          {
            reply: [
              {
                type: 'tool_call',
                id: 'b1',
                name: 'Bash',
                input: { command: 'echo one | tee /dev/null' },
              },
              {
                type: 'tool_call',
                id: 'b2',
                name: 'Bash',
                input: { command: 'echo two | tee /dev/null' },
              },
            ],
          },
          finalTurn,
        ],
      },
      {
        canUseTool: () => {
          harness!.agent.abortMessage();
          return { decision: 'allow' };
        },
      },
    );
    const result = await harness.agent.sendMessage('run');
    expect(result.stopReason).toBe('aborted');
    const ends = toolEvents(harness, 'end');
    expect(ends).toHaveLength(2);
    expect(ends[0]!.error).toBe(NOT_RUN_ABORTED);
    // The second call was either complete and not started, or cut off with the stream.
    expect(ends[1]!.error).toMatch(/^Not run: /);
    expect(toolEvents(harness, 'running')).toHaveLength(0);
    expect(harness.mock.requests).toHaveLength(1);
  });

  it('computes compactParams from partial JSON while the parameters stream', async () => {
    harness = await startHarness('anthropic', {
      name: 'compact',
      chunkSize: 3,
      turns: [
        {
          reply: [
            { type: 'tool_call', id: 'g1', name: 'Grep', input: { pattern: 'TODO', path: 'src' } },
          ],
        },
        finalTurn,
      ],
    });
    await harness.agent.sendMessage('find');
    const streaming = toolEvents(harness, 'streaming');
    const firstCompact = streaming.findIndex((e) => e.compactParams !== undefined);
    expect(firstCompact).toBeGreaterThan(-1);
    // It appeared before the input was complete.
    expect(firstCompact).toBeLessThan(streaming.length - 1);
    for (const event of toolEvents(harness, 'running')) expect(event.compactParams).toMatch(/TODO/);
  });
});
