// Collapsed/expanded view (spec, 无缝视图模式切换): collapsed streams live; Ctrl+O shows a snapshot
// of the conversation as of the switch, with full tool parameters and results, that does not
// change while events keep arriving; Ctrl+O again resumes live from the current state.

import { afterEach, describe, expect, it } from 'vitest';
import {
  assistantAdded,
  finished,
  textDelta,
  textEnd,
  toolStep,
  userMessage,
} from '../../test-support/agent-events.js';
import { stripAnsi } from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { KEYS, mountApp } from '../../test-support/mount-app.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

/** The live area above the status line, whose token count keeps counting while replies stream. */
const aboveStatus = (live: string): string => live.split('\n').slice(0, -1).join('\n');

const RESULT = Array.from({ length: 8 }, (_, index) => `result line ${index + 1}`).join('\n');

async function conversationWithAToolAndAStream(): Promise<void> {
  await app!.emit(
    userMessage('u1', 'look around'),
    assistantAdded('a1'),
    textDelta('a1', 'Let me check.'),
  );
  await app!.emit(
    textEnd('a1'),
    toolStep('a1', 't1', 'Grep', { stage: 'start' }),
    toolStep('a1', 't1', 'Grep', {
      stage: 'running',
      parameters: '{"pattern":"TODO","path":"src"}',
      compactParams: 'TODO in src',
    }),
  );
  await app!.emit(toolStep('a1', 't1', 'Grep', { stage: 'end', result: RESULT }), finished('a1'));
  await app!.emit(assistantAdded('a2'), textDelta('a2', 'Found eight.'));
}

/** A finished Bash call whose result is 60 rows, 'row 01' to 'row 60'. */
async function bashResultOfSixtyRows(): Promise<void> {
  const lines = Array.from(
    { length: 60 },
    (_, index) => `row ${String(index + 1).padStart(2, '0')}`,
  );
  await app!.emit(
    userMessage('u1', 'run'),
    assistantAdded('a1'),
    toolStep('a1', 't1', 'Bash', { stage: 'start' }),
  );
  await app!.emit(
    toolStep('a1', 't1', 'Bash', {
      stage: 'end',
      parameters: '{}',
      compactParams: 'seq 60',
      result: lines.join('\n'),
    }),
    finished('a1'),
  );
}

describe('the expanded view', () => {
  it('is a snapshot: its frames do not change while deltas arrive', async () => {
    app = await mountApp({ columns: 100, rows: 40 });
    await conversationWithAToolAndAStream();
    expect(stripAnsi(app.terminal.lastFrame().screen)).not.toContain('result line 5');

    await app.type(KEYS.ctrlO);
    const switchedAt = app.terminal.frames.length;
    const expanded = app.terminal.lastFrame();
    const shown = stripAnsi(expanded.live);
    expect(shown).toContain('Ctrl+O to return');
    // Full parameters and the full result, which the collapsed view summarises.
    expect(shown).toContain('"pattern": "TODO"');
    for (let line = 1; line <= 8; line += 1) expect(shown).toContain(`result line ${line}`);
    expect(shown).toContain('Found eight.');

    for (const chunk of [' More', ' text', ' keeps', ' coming.'])
      await app.emit(textDelta('a2', chunk));
    await app.emit(
      textEnd('a2'),
      finished('a2'),
      assistantAdded('a3'),
      textDelta('a3', 'Another reply'),
    );

    const whileExpanded = app.terminal.frames.slice(switchedAt);
    for (const [index, frame] of whileExpanded.entries()) {
      expect(aboveStatus(frame.live), `frame ${switchedAt + index} changed`).toBe(
        aboveStatus(expanded.live),
      );
      expect(frame.history, `frame ${switchedAt + index} wrote history`).toBe(expanded.history);
    }

    await app.type(KEYS.ctrlO);
    const back = stripAnsi(app.terminal.lastFrame().screen);
    expect(back).toContain('Found eight. More text keeps coming.');
    expect(back).toContain('Another reply');
    expect(back).not.toContain('Ctrl+O to return');
  });

  it('snapshots a tool call while its parameters stream', async () => {
    app = await mountApp({ columns: 100, rows: 40 });
    await app.emit(
      userMessage('u1', 'edit'),
      assistantAdded('a1'),
      toolStep('a1', 't1', 'Write', { stage: 'start' }),
    );
    await app.emit(
      toolStep('a1', 't1', 'Write', {
        stage: 'streaming',
        parametersChunk: '{"path":"a.txt","content":"one',
      }),
    );
    await app.type(KEYS.ctrlO);
    const snapshot = app.terminal.lastFrame().live;
    expect(stripAnsi(snapshot)).toContain('{"path":"a.txt","content":"one');
    await app.emit(
      toolStep('a1', 't1', 'Write', { stage: 'streaming', parametersChunk: ' two three' }),
    );
    expect(aboveStatus(app.terminal.lastFrame().live)).toBe(aboveStatus(snapshot));
    await app.type(KEYS.ctrlO);
    expect(stripAnsi(app.terminal.lastFrame().live)).toContain('one two three');
  });

  it('shows the last lines that fit, and scrolls with PageUp', async () => {
    app = await mountApp({ columns: 100, rows: 16 });
    await bashResultOfSixtyRows();
    await app.type(KEYS.ctrlO);
    const live = stripAnsi(app.terminal.lastFrame().live);
    expect(live).toContain('row 60');
    expect(live).not.toContain('row 01');
    expect(live.split('\n').length).toBeLessThan(16);
    await app.type(KEYS.pageUp);
    const scrolled = stripAnsi(app.terminal.lastFrame().live);
    expect(scrolled).not.toContain('row 60');
    expect(scrolled).toContain('lines up');
  });

  it('fits a narrow screen: its first line, the hint, is one row and stays on screen', async () => {
    // The hint is wider than 60 columns; wrapped, the view was a row taller than the screen and
    // the terminal scrolled the hint off the top.
    app = await mountApp({ columns: 60, rows: 16 });
    await bashResultOfSixtyRows();
    await app.type(KEYS.ctrlO);
    const rows = stripAnsi(app.terminal.lastFrame().live).split('\n');
    expect(rows[0]).toContain('expanded view');
    expect(rows.length).toBeLessThan(16);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(60);
    expect(rows.map((row) => row.trim())).toContain('row 60');
  });
});
