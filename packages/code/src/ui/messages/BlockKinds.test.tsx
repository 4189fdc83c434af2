// The other kinds of blocks: user messages, bang commands, errors, notices, compaction and the
// token usage of a finished reply.

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '@wave-agent/shared-protocol';
import {
  assistantAdded,
  finished,
  textDelta,
  textEnd,
  userMessage,
} from '../../test-support/agent-events.js';
import { stripAnsi } from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { mountApp } from '../../test-support/mount-app.js';
import { setColorsEnabled } from '../render/ansi.js';

// These tests check colours: on, whatever NO_COLOR says where they run.
beforeAll(() => setColorsEnabled(true));

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

const screen = (): string => app!.terminal.lastFrame().screen;

/** The last style code before `text` (Ink may merge the codes of neighbouring runs). */
function styleBefore(output: string, text: string): string {
  const before = output.slice(0, output.indexOf(text));
  const start = before.lastIndexOf('\u001B[');
  return before.slice(start, before.indexOf('m', start) + 1);
}
const plain = (): string => stripAnsi(screen());

describe('blocks', () => {
  it('shows a user message with a > prompt', async () => {
    app = await mountApp({ columns: 40 });
    await app.emit(userMessage('u1', 'please fix the failing test in the parser module'));
    expect(plain()).toContain('> please fix the failing test in the\n  parser module');
  });

  it('shows a bang command like a tool: command, live output tail, exit code', async () => {
    app = await mountApp();
    const bang = (
      event: Omit<Extract<AgentEvent, { type: 'bangBlockUpdated' }>, 'type' | 'messageId'>,
    ): AgentEvent => ({ type: 'bangBlockUpdated', messageId: 'u1', ...event });
    await app.emit(
      { type: 'userMessageAdded', message: { id: 'u1', role: 'user', createdAt: 0, blocks: [] } },
      bang({
        stage: 'running',
        command: 'make test',
        outputChunk: Array.from({ length: 8 }, (_, index) => `step ${index + 1}`).join('\n'),
      }),
    );
    const live = stripAnsi(app.terminal.lastFrame().live);
    expect(live).toContain('⟳ ! make test');
    expect(live.match(/step \d/g)).toEqual(['step 4', 'step 5', 'step 6', 'step 7', 'step 8']);
    await app.emit(bang({ stage: 'end', exitCode: 2 }));
    expect(plain()).toContain('✗ ! make test (exit code 2)');
    expect(plain()).toContain('3 earlier lines');
  });

  it('keeps a hook block that runs in the live area until it ends, then shows how it ended, once', async () => {
    app = await mountApp({ columns: 100 });
    const run = {
      type: 'hookRunUpdated' as const,
      messageId: 'h',
      createdAt: 0,
      id: 'h1',
      event: 'UserPromptSubmit',
      command: './prompt.sh',
      source: 'settings.json',
    };
    await app.emit({ ...run, stage: 'running' });
    expect(plain()).toContain('⟳ UserPromptSubmit hook ./prompt.sh: running…');
    await app.emit({ ...run, stage: 'end', outcome: 'blocked', exitCode: 2, message: 'no' });
    expect(plain()).toContain('⚠ UserPromptSubmit hook ./prompt.sh: blocked — no');
    expect(plain()).not.toContain('running…');
  });

  it('shows errors in red, notices dim or yellow, and compaction as a divider', async () => {
    app = await mountApp({ columns: 80 });
    await app.emit(assistantAdded('a1'), {
      type: 'errorBlockAdded',
      messageId: 'a1',
      error: 'The model API is unreachable.',
    });
    await app.emit({
      type: 'noticeAdded',
      messageId: 'n1',
      createdAt: 0,
      message: 'Retrying in 2s.',
      level: 'warning',
    });
    await app.emit({
      type: 'noticeAdded',
      messageId: 'n2',
      createdAt: 0,
      message: 'Session saved.',
      level: 'info',
    });
    await app.emit({
      type: 'compactBlockAdded',
      message: {
        id: 'c1',
        role: 'system',
        createdAt: 0,
        blocks: [{ type: 'compact', summary: 'We fixed the parser.\nThen the tests.' }],
      },
    });
    expect(styleBefore(screen(), 'The model API is unreachable.')).toBe('\u001B[31m');
    expect(styleBefore(screen(), 'Retrying in 2s.')).toBe('\u001B[33m');
    expect(styleBefore(screen(), 'Session saved.')).toBe('\u001B[2m');
    expect(plain()).toContain('── conversation compacted');
    expect(plain()).toContain('We fixed the parser. (Ctrl+O shows the summary)');
    expect(plain()).not.toContain('Then the tests.');
  });

  it('renders the markdown of a compaction summary in the collapsed view, as in any message', async () => {
    app = await mountApp({ columns: 80 });
    await app.emit({
      type: 'compactBlockAdded',
      message: {
        id: 'c1',
        role: 'system',
        createdAt: 0,
        blocks: [{ type: 'compact', summary: '**Goal:** fix the `parser`.\n\n- then the tests' }],
      },
    });
    expect(plain()).toContain('Goal: fix the parser. (Ctrl+O shows the summary)');
    expect(plain()).not.toContain('**');
    expect(plain()).not.toContain('`');
    expect(styleBefore(screen(), 'Goal:')).toBe('\u001B[1m');
  });

  it('shows the token usage of a finished reply, dim, at its end', async () => {
    app = await mountApp();
    await app.emit(userMessage('u1', 'hi'), assistantAdded('a1'), textDelta('a1', 'Hello!'));
    expect(plain()).not.toContain('tokens\n');
    await app.emit(textEnd('a1'), finished('a1', { inputTokens: 1234, outputTokens: 56 }));
    expect(screen()).toContain('\u001B[2m  ↳ 1,234 in · 56 out tokens');
    expect(plain().indexOf('Hello!')).toBeLessThan(plain().indexOf('1,234 in'));
    expect(plain()).toContain('1.3k tokens');
  });
});
