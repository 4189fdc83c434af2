// /compact [instructions]: progress in the status line while it runs (Esc stops it), then the
// "conversation compacted" divider appended to the history; a failure is said once,
// as a sentence; refused while a turn runs.

import { afterEach, describe, expect, it } from 'vitest';
import { stripAnsi } from '../test-support/ink-frames.js';
import type { MountedApp } from '../test-support/mount-app.js';
import { KEYS, mountApp } from '../test-support/mount-app.js';
import { countOccurrences } from '../test-support/ink-frames.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

const live = (): string => stripAnsi(app!.terminal.lastFrame().live);
const screen = (): string => stripAnsi(app!.terminal.lastFrame().screen);
const statusLine = (): string => live().split('\n').at(-1) ?? '';

describe('/compact', () => {
  it('shows progress, then the divider and the result', async () => {
    app = await mountApp({ columns: 120 });
    await app.send('/compact keep the file names');
    expect(app.server.compactCalls.map((call) => call.instructions)).toEqual([
      'keep the file names',
    ]);
    expect(statusLine()).toContain('● Compacting the conversation 0s · Esc to stop');
    await app.type(KEYS.escape);
    expect(app.server.abortCount).toBe(1);
    app.server.compactCalls[0]!.finish({ ok: true }, 'We fixed the parser.');
    await app.emit();
    expect(screen()).toContain('── conversation compacted');
    expect(screen()).toContain('We fixed the parser. (Ctrl+O shows the summary)');
    // The divider is the result, right under the command.
    expect(screen()).toMatch(/> \/compact keep the file names\n\n── conversation compacted/);
    expect(statusLine()).not.toContain('Compacting');
  });

  it('sends no instructions when none were typed', async () => {
    app = await mountApp();
    await app.send('/compact');
    expect(app.server.compactCalls.map((call) => call.instructions)).toEqual([undefined]);
  });

  it('says why it failed, once', async () => {
    app = await mountApp({ columns: 120 });
    await app.send('/compact');
    app.server.compactCalls[0]!.finish({ ok: false, error: 'Compaction was aborted.' });
    await app.emit();
    expect(countOccurrences(screen(), 'Compaction was aborted.')).toBe(1);
  });

  it('does not repeat an error the agent already showed as a notice', async () => {
    app = await mountApp({ columns: 120 });
    await app.send('/compact');
    const error = 'Could not compact the conversation: the model API was not reachable.';
    await app.emit({
      type: 'noticeAdded',
      messageId: 'n1',
      createdAt: 0,
      level: 'warning',
      message: error,
    });
    app.server.compactCalls[0]!.finish({ ok: false, error });
    await app.emit();
    expect(countOccurrences(screen(), error)).toBe(1);
  });

  it('refuses while a turn runs', async () => {
    app = await mountApp({ columns: 120 });
    await app.send('working on it');
    await app.send('/compact');
    expect(app.server.compactCalls).toEqual([]);
    expect(screen()).toContain(
      'A reply is running: wait for it to end (or press Esc to stop it), then /compact.',
    );
  });
});
