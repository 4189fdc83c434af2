import { describe, expect, it } from 'vitest';
import type { BangBlock, HookBlock, ViewedBlock } from '../index.js';
import { blockView, hookRunView, isViewedBlock } from './block-view.js';
import { COMPACTED_SENTENCE } from './block-looks/compact-look.js';

const bang = (fields: Partial<BangBlock>): BangBlock => ({
  type: 'bang',
  command: 'make test',
  output: '',
  stage: 'running',
  ...fields,
});

const hook = (fields: Partial<HookBlock>): HookBlock => ({
  type: 'hook',
  id: 'h1',
  event: 'PreToolUse',
  command: './check.sh',
  source: '/p/.claude/settings.json',
  stage: 'end',
  outcome: 'ok',
  ...fields,
});

describe('blockView', () => {
  it('is the same object for the same block, and a new one for a changed block', () => {
    const running = bang({ output: 'step 1\n' });
    expect(blockView(running)).toBe(blockView(running));
    const ended = { ...running, stage: 'end' as const, exitCode: 0 };
    expect(blockView(ended)).not.toBe(blockView(running));
    expect(blockView(ended)).toMatchObject({ live: false, status: 'done', icon: 'done' });
  });

  it('shows a `!command` as a card of the user: its command, output, and how it ended', () => {
    expect(blockView(bang({ output: 'a\nb\n', sandboxed: true }))).toMatchObject({
      shape: 'card',
      from: 'user',
      mark: '!',
      title: 'make test',
      sentence: '!make test',
      status: 'running',
      icon: 'running',
      live: true,
      sandboxed: true,
      output: 'a\nb\n',
    });
    expect(blockView(bang({ stage: 'end', exitCode: 3 }))).toMatchObject({
      icon: 'failed',
      tone: 'bad',
      status: 'exit code 3',
    });
    expect(blockView(bang({ stage: 'end', exitCode: null })).status).toBe('stopped by a signal');
  });

  it('shows a hook run as a note, quiet when it ran, a warning when it blocked, its details a step away', () => {
    const ran = blockView(hook({ output: 'fine\n' }));
    expect(ran).toMatchObject({
      shape: 'note',
      tag: 'hook',
      icon: 'hook',
      tone: 'muted',
      title: 'PreToolUse hook ./check.sh: ran',
      tags: { 'hook-event': 'PreToolUse', outcome: 'ok' },
    });
    expect(ran.body).toEqual([
      { kind: 'code', label: 'command', text: './check.sh', language: 'shell' },
      { kind: 'text', label: 'from', text: '/p/.claude/settings.json' },
      { kind: 'code', label: 'output', text: 'fine\n' },
    ]);
    const blocked = blockView(
      hook({ outcome: 'blocked', message: 'no rm -rf', toModel: 'it was refused' }),
    );
    expect(blocked).toMatchObject({
      icon: 'warning',
      tone: 'warning',
      sentence: 'PreToolUse hook ./check.sh: blocked — no rm -rf',
    });
    expect(blocked.body.at(-1)).toEqual({
      kind: 'text',
      label: 'told the model',
      text: 'it was refused',
    });
    expect(blockView(hook({ stage: 'running', outcome: undefined }))).toMatchObject({
      icon: 'running',
      live: true,
    });
  });

  it("draws a tool call's hook run as a hook block's, once per run", () => {
    const { type: _type, ...run } = hook({ outcome: 'failed' });
    expect(hookRunView(run)).toBe(hookRunView(run));
    expect(hookRunView(run)).toMatchObject({ shape: 'note', tone: 'warning', tag: 'hook' });
  });

  it("shows Wave's notices and errors as notes in their tone", () => {
    expect(blockView({ type: 'notice', message: 'Saved.', level: 'info' })).toMatchObject({
      shape: 'note',
      from: 'wave',
      tone: 'muted',
      icon: 'info',
      tag: '',
      sentence: 'Saved.',
    });
    expect(blockView({ type: 'notice', message: 'Retrying.', level: 'warning' })).toMatchObject({
      tone: 'warning',
      icon: 'warning',
      tag: 'warning',
    });
    expect(blockView({ type: 'error', message: 'Unreachable.' })).toMatchObject({
      shape: 'note',
      tone: 'bad',
      icon: 'error',
      title: 'Unreachable.',
    });
  });

  it('shows a compaction as a divider with its summary as markdown, and says it in a sentence', () => {
    expect(blockView({ type: 'compact', summary: '**Goal:** parser' })).toMatchObject({
      shape: 'divider',
      title: 'conversation compacted',
      sentence: COMPACTED_SENTENCE,
      body: [{ kind: 'markdown', label: 'summary', text: '**Goal:** parser' }],
    });
  });

  it('shows an attachment as a chip of the user: its name, then lines, size and cut', () => {
    const view = blockView({
      type: 'attachment',
      kind: 'file',
      name: 'src/a.ts',
      lines: { from: 3, to: 9 },
      bytes: 1229,
      truncated: true,
      ref: 'f'.repeat(64),
    });
    expect(view).toMatchObject({
      shape: 'chip',
      from: 'user',
      icon: 'file',
      title: 'src/a.ts',
      detail: ':3-9 · 1.2 KB · cut',
      sentence: '📎 src/a.ts:3-9 · 1.2 KB · cut',
      tags: { kind: 'file' },
    });
  });

  it('draws every kind but text, reasoning and tool calls from a view', () => {
    const viewed: ViewedBlock[] = [
      bang({}),
      hook({}),
      { type: 'notice', message: 'n', level: 'info' },
      { type: 'error', message: 'e' },
      { type: 'compact', summary: 's' },
      { type: 'attachment', kind: 'image', name: 'i.png', bytes: 1, ref: 'r' },
    ];
    for (const block of viewed) expect(isViewedBlock(block)).toBe(true);
    expect(isViewedBlock({ type: 'text', content: '', stage: 'end' })).toBe(false);
    expect(
      isViewedBlock({ type: 'tool', id: 't', name: 'Read', stage: 'end', parameters: '' }),
    ).toBe(false);
  });
});
