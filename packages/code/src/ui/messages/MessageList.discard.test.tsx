// A failed stream is retried: its partial message is discarded. What was already written to
// the history cannot be unwritten, so a note says the reply above was interrupted; the retried
// reply then renders normally.

import { afterEach, describe, expect, it } from 'vitest';
import {
  assistantAdded,
  discarded,
  finished,
  textDelta,
  textEnd,
  userMessage,
} from '../../test-support/agent-events.js';
import { countOccurrences, reconstructTerminal } from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { mountApp } from '../../test-support/mount-app.js';
import { DISCARDED_REPLY_NOTE } from '../freeze/freeze-planner.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

describe('a discarded reply', () => {
  it('gets a note when part of it was already written to the history', async () => {
    app = await mountApp({ columns: 100 });
    await app.emit(userMessage('u1', 'hi'), assistantAdded('a1'), textDelta('a1', 'First attempt'));
    await app.emit(textEnd('a1'));
    await app.emit(textDelta('a1', ' continues'));
    await app.emit(discarded('a1'));
    await app.emit(assistantAdded('a2'), textDelta('a2', 'Second attempt'));
    await app.emit(textEnd('a2'), finished('a2'));
    const output = reconstructTerminal(app.terminal.frames);
    expect(countOccurrences(output, DISCARDED_REPLY_NOTE)).toBe(1);
    expect(output.indexOf('First attempt')).toBeLessThan(output.indexOf(DISCARDED_REPLY_NOTE));
    expect(output.indexOf(DISCARDED_REPLY_NOTE)).toBeLessThan(output.indexOf('Second attempt'));
    // The live part of the discarded reply is gone from the screen.
    expect(output).not.toContain('continues');
  });

  it('needs no note when nothing of it was written', async () => {
    app = await mountApp({ columns: 100 });
    await app.emit(
      userMessage('u1', 'hi'),
      assistantAdded('a1'),
      textDelta('a1', 'Still streaming'),
    );
    await app.emit(discarded('a1'));
    await app.emit(assistantAdded('a2'), textDelta('a2', 'Retried'), textEnd('a2'), finished('a2'));
    const output = reconstructTerminal(app.terminal.frames);
    expect(output).not.toContain(DISCARDED_REPLY_NOTE);
    expect(output).not.toContain('Still streaming');
    expect(output).toContain('Retried');
  });
});
