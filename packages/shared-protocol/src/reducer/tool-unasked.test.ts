// Why a tool call ran without a question travels on its running and end steps and stays on the
// block: a consumer that missed the running step still gets it from the end step.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../events.js';
import { ToolBlockSchema } from '../rpc/message-schemas.js';
import { assistantAdded, tool } from '../test-support/event-builders.js';
import { reduceFrozen } from '../test-support/frozen-reduce.js';

const block = (...events: AgentEvent[]) =>
  reduceFrozen([assistantAdded('a'), ...events]).messages[0]?.blocks[0];

describe('why a tool call ran without a question', () => {
  it('is kept from running on, and given again by end', () => {
    const readOnly = { kind: 'read-only' } as const;
    expect(block(tool('a', 't1', 'running', { unasked: readOnly }))).toMatchObject({
      unasked: readOnly,
    });
    expect(
      block(tool('a', 't1', 'running', { unasked: readOnly }), tool('a', 't1', 'end', {})),
    ).toMatchObject({ stage: 'end', unasked: readOnly });
    const rule = {
      kind: 'rule',
      rule: 'Bash(make:*)',
      source: '/r/.claude/settings.json',
    } as const;
    expect(block(tool('a', 't1', 'end', { unasked: rule }))).toMatchObject({ unasked: rule });
    expect(block(tool('a', 't1', 'end', {}))).not.toHaveProperty('unasked');
  });

  it('is checked across a process boundary: an unknown kind is refused', () => {
    const base = { type: 'tool', id: 't', name: 'Bash', stage: 'end', parameters: '{}' };
    expect(ToolBlockSchema.safeParse({ ...base, unasked: { kind: 'sandbox' } }).success).toBe(true);
    expect(ToolBlockSchema.safeParse({ ...base, unasked: { kind: 'because' } }).success).toBe(
      false,
    );
  });
});
