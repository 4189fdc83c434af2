// Tool calls on screen: the streaming parameters' last 30 characters (newlines as \n) until
// there is a compact form; while running only the output tail (never the whole result); at the
// end a one-line summary, errors in red.

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantAdded,
  finished,
  toolStep,
  userMessage,
} from '../../test-support/agent-events.js';
import { screens, stripAnsi } from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { mountApp } from '../../test-support/mount-app.js';
import { setColorsEnabled } from '../render/ansi.js';

// These tests check colours: on, whatever NO_COLOR says where they run.
beforeAll(() => setColorsEnabled(true));

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

const RED = '\u001B[31m';

async function startTool(name = 'Bash'): Promise<void> {
  await app!.emit(
    userMessage('u1', 'do it'),
    assistantAdded('a1'),
    toolStep('a1', 't1', name, { stage: 'start' }),
  );
}

describe('a tool block', () => {
  it('shows the last 30 characters of streaming parameters, newlines as \\n', async () => {
    app = await mountApp({ columns: 100 });
    await startTool('Write');
    await app.emit(
      toolStep('a1', 't1', 'Write', {
        stage: 'streaming',
        parametersChunk: '{"path":"notes.md","content":"line one\nline two\nline',
      }),
    );
    const live = stripAnsi(app.terminal.lastFrame().live);
    const parameters = '{"path":"notes.md","content":"line one\nline two\nline';
    const expected = `…${parameters.slice(-30).replace(/\n/g, '\\n')}`;
    expect(live).toContain(`Write ${expected}`);
    expect(live).not.toContain('notes.md');
  });

  it('shows compactParams instead once it is known', async () => {
    app = await mountApp({ columns: 100 });
    await startTool('Write');
    await app.emit(
      toolStep('a1', 't1', 'Write', {
        stage: 'streaming',
        parametersChunk: '{"path":"notes.md","content":"abc',
        compactParams: 'notes.md',
      }),
    );
    const live = stripAnsi(app.terminal.lastFrame().live);
    expect(live).toContain('Write notes.md');
    expect(live).not.toContain('"content"');
  });

  it('while running shows at most 5 lines of output, even for a 5,000-line result', async () => {
    app = await mountApp({ columns: 100, rows: 40 });
    await startTool();
    const result = Array.from({ length: 5000 }, (_, index) => `out ${index + 1}`).join('\n');
    // Without a shortResult, the tail of the result; with one, the shortResult.
    await app.emit(
      toolStep('a1', 't1', 'Bash', {
        stage: 'running',
        parameters: '{}',
        compactParams: 'make',
        resultChunk: result,
      }),
    );
    let live = stripAnsi(app.terminal.lastFrame().live);
    expect(live.match(/out \d+/g)).toEqual([
      'out 4996',
      'out 4997',
      'out 4998',
      'out 4999',
      'out 5000',
    ]);
    const tail = Array.from({ length: 9 }, (_, index) => `short ${index + 1}`).join('\n');
    await app.emit(
      toolStep('a1', 't1', 'Bash', {
        stage: 'running',
        parameters: '{}',
        compactParams: 'make',
        shortResult: tail,
      }),
    );
    live = stripAnsi(app.terminal.lastFrame().live);
    expect(live.match(/short \d+/g)).toEqual([
      'short 5',
      'short 6',
      'short 7',
      'short 8',
      'short 9',
    ]);
    expect(live).not.toMatch(/out \d+/);
    for (const screen of screens(app.terminal.frames))
      expect((screen.match(/(?:out|short) \d+/g) ?? []).length).toBeLessThanOrEqual(5);
  });

  it('at the end shows a one-line summary, and an error in red', async () => {
    app = await mountApp({ columns: 100 });
    await startTool();
    await app.emit(
      toolStep('a1', 't1', 'Bash', {
        stage: 'end',
        parameters: '{}',
        compactParams: 'ls',
        result: 'a.txt\nb.txt\nc.txt',
      }),
    );
    await app.emit(toolStep('a1', 't2', 'Bash', { stage: 'start' }));
    await app.emit(
      toolStep('a1', 't2', 'Bash', {
        stage: 'end',
        parameters: '{}',
        compactParams: 'rm -rf /',
        error: 'The user denied this call.',
      }),
      finished('a1'),
    );
    const screen = app.terminal.lastFrame().screen;
    const plain = stripAnsi(screen);
    expect(plain).toContain('✓ Bash ls');
    expect(plain).toContain('⎿ a.txt (+2 lines)');
    expect(plain).not.toContain('b.txt');
    expect(plain).toContain('✗ Bash rm -rf /');
    expect(screen).toContain(`${RED}The user denied this call.`);
  });
});
