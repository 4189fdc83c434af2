import { describe, expect, it, vi } from 'vitest';
import { createPermissionBridge } from './permission-bridge.js';
import type { PermissionQuestion } from './permission-bridge.js';

function question(signal: AbortSignal, id = 'c1'): PermissionQuestion {
  return {
    toolName: 'Edit',
    toolCallId: id,
    permission: 'edit',
    input: {},
    reason: 'Edit changes files',
    signal,
  };
}

describe('the permission bridge', () => {
  it('holds questions in order and tells listeners when the current one changes', async () => {
    const bridge = createPermissionBridge();
    const listener = vi.fn();
    bridge.subscribe(listener);
    const first = bridge.canUseTool(question(new AbortController().signal, 'a'));
    const second = bridge.canUseTool(question(new AbortController().signal, 'b'));
    expect(bridge.current()?.question.toolCallId).toBe('a');
    const current = bridge.current();
    expect(bridge.current()).toBe(current);
    current?.answer({ decision: 'allow' });
    current?.answer({ decision: 'deny' });
    await expect(first).resolves.toEqual({ decision: 'allow' });
    expect(bridge.current()?.question.toolCallId).toBe('b');
    bridge.current()?.answer({ decision: 'deny', reason: 'no' });
    await expect(second).resolves.toEqual({ decision: 'deny', reason: 'no' });
    expect(bridge.current()).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('answers deny at once for an already aborted turn', async () => {
    const bridge = createPermissionBridge();
    const controller = new AbortController();
    controller.abort();
    await expect(bridge.canUseTool(question(controller.signal))).resolves.toMatchObject({
      decision: 'deny',
    });
    expect(bridge.current()).toBeUndefined();
  });
});
