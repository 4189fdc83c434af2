import { describe, expect, it } from 'vitest';
import type { ToolBlock } from '../messages.js';
import { toolView } from './tool-view.js';

function bash(unasked?: ToolBlock['unasked']): ToolBlock {
  return {
    type: 'tool',
    id: 't1',
    name: 'Bash',
    stage: 'end',
    parameters: '{"command":"ls"}',
    ...(unasked ? { unasked } : {}),
  };
}

describe("a tool card's reason it ran without a question", () => {
  it('says each reason in words, the rule with its file', () => {
    expect(toolView(bash({ kind: 'read-only' })).unasked).toBe('read-only · ran without asking');
    expect(toolView(bash({ kind: 'sandbox' })).unasked).toBe('in the sandbox · ran without asking');
    expect(
      toolView(bash({ kind: 'rule', rule: 'Bash(git log:*)', source: '.wave/settings.json' }))
        .unasked,
    ).toBe('allowed by Bash(git log:*) in .wave/settings.json');
    expect(toolView(bash({ kind: 'mode', mode: 'acceptEdits' })).unasked).toBe(
      'accept-edits mode · ran without asking',
    );
    expect(toolView(bash({ kind: 'session' })).unasked).toBe('allowed for this session');
    expect(toolView(bash({ kind: 'hook' })).unasked).toBe('allowed by a PreToolUse hook');
    expect(toolView(bash({ kind: 'allowed-tools' })).unasked).toBe(
      'allowed by the allowed tools · ran without asking',
    );
  });

  it('says nothing when a person was asked', () => {
    expect(toolView(bash()).unasked).toBe('');
  });
});
