// /btw QUESTION: the side answer streams into a bordered box in the live area, each delta
// APPENDED to what came before (a replace-by-latest box would show only the last piece). It is
// never written to the history, the conversation is untouched even while it streams too, and
// Esc or Enter closes the box once the answer is done (Esc while answering stops it).

import { afterEach, describe, expect, it } from 'vitest';
import { assistantAdded, textDelta, userMessage } from '../test-support/agent-events.js';
import { countWord, stripAnsi } from '../test-support/ink-frames.js';
import type { MountedApp } from '../test-support/mount-app.js';
import { KEYS, mountApp } from '../test-support/mount-app.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

const live = (): string => stripAnsi(app!.terminal.lastFrame().live);
const ANSWER = ['alpha ', 'bravo ', 'charlie ', 'delta ', 'echo'];
const MAIN = ['main1 ', 'main2 ', 'main3 ', 'main4 ', 'main5 '];

describe('/btw', () => {
  it('streams the answer by appending, beside a streaming conversation, never into the history', async () => {
    app = await mountApp({ columns: 100, rows: 30 });
    await app.emit(userMessage('u1', 'write the docs'), assistantAdded('a1'));
    await app.send('/btw what is a monad');
    const asked = app.server.sideQuestions;
    expect(asked.map((question) => question.question)).toEqual(['what is a monad']);
    expect(live()).toContain('╭─ btw: what is a monad');
    expect(live()).toContain('answering… · Esc stops');
    const askedAt = app.terminal.frames.length;
    const historyBefore = app.terminal.lastFrame().history;
    for (const [index, chunk] of ANSWER.entries()) {
      asked[0]!.chunk(chunk);
      // The conversation streams at the same time.
      await app.emit(textDelta('a1', MAIN[index]!));
      const shown = live();
      // Every delta so far, in order: replace-by-latest would show only `chunk`.
      expect(shown).toContain(
        ANSWER.slice(0, index + 1)
          .join('')
          .trim(),
      );
      expect(shown).toContain(
        MAIN.slice(0, index + 1)
          .join('')
          .trim(),
      );
    }
    asked[0]!.finish();
    await app.emit();
    expect(live()).toContain('Enter or Esc closes');
    const frames = app.terminal.frames.slice(askedAt);
    for (const [offset, frame] of frames.entries()) {
      const history = stripAnsi(frame.history);
      // Nothing of the side question reaches the history, ever.
      expect(frame.history, `frame ${askedAt + offset}`).toBe(historyBefore);
      for (const word of ['monad', 'alpha', 'bravo', 'echo'])
        expect(countWord(history, word)).toBe(0);
      // Each answer word at most once on screen.
      for (const word of ['alpha', 'bravo', 'charlie', 'delta', 'echo'])
        expect(countWord(stripAnsi(frame.screen), word)).toBeLessThanOrEqual(1);
    }
    expect(app.server.state.conversation.messages.map((message) => message.id)).toEqual([
      'u1',
      'a1',
    ]);
    await app.type(KEYS.enter);
    expect(live()).not.toContain('btw:');
    expect(app.terminal.lastFrame().history).toBe(historyBefore);
    // Esc went to the box, not to the running reply.
    expect(app.server.abortCount).toBe(0);
  });

  it('Esc while answering stops the side answer only; the prompt is back', async () => {
    app = await mountApp();
    await app.send('/btw quick one');
    app.server.sideQuestions[0]!.chunk('partial');
    await app.emit();
    await app.type(KEYS.escape);
    expect(app.server.sideQuestions[0]!.closed).toBe(true);
    expect(live()).not.toContain('btw:');
    expect(live()).toContain('Type a message');
    // A late chunk of the dismissed question shows nowhere.
    app.server.sideQuestions[0]!.chunk(' late');
    await app.emit();
    expect(stripAnsi(app.terminal.lastFrame().screen)).not.toContain('late');
  });

  it('shows a failure as a sentence in the box', async () => {
    app = await mountApp();
    await app.send('/btw why');
    app.server.sideQuestions[0]!.fail(new Error('The model API was not reachable.'));
    await app.emit();
    expect(live().replace(/[│\n]/g, ' ').replace(/ +/g, ' ')).toContain(
      'Wave could not answer this side question: The model API was not reachable. Ask again in a moment.',
    );
    await app.type(KEYS.escape);
    expect(live()).not.toContain('btw:');
  });

  it('asks for a question when there is none', async () => {
    app = await mountApp();
    await app.send('/btw');
    expect(app.server.sideQuestions).toEqual([]);
    expect(stripAnsi(app.terminal.lastFrame().screen)).toContain('Type a question after /btw');
  });
});
