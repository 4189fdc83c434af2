// A message typed while a reply runs is sent with agent.sendMessage, which queues it; the queue
// shows under the live area, numbered, with the keys that edit it. ↑ on an empty prompt picks
// the last queued message into the prompt: Enter saves it, an empty text or Ctrl+D deletes it,
// Esc cancels (and does not stop the reply). Queued messages go out when the turn before ends.

import { afterEach, describe, expect, it } from 'vitest';
import { countOccurrences, screens, stripAnsi } from '../test-support/ink-frames.js';
import type { MountedApp } from '../test-support/mount-app.js';
import { KEYS, mountApp } from '../test-support/mount-app.js';
import { QUEUE_HINT } from './queue/queue-lines.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

const live = (): string => stripAnsi(app!.terminal.lastFrame().live);
const screen = (): string => stripAnsi(app!.terminal.lastFrame().screen);
const queueTexts = (): string[] => app!.server.queuedMessages.map((message) => message.text);

async function mountWithQueue(...queued: string[]): Promise<MountedApp> {
  app = await mountApp({ columns: 100 });
  await app.send('first');
  for (const text of queued) await app.send(text);
  return app;
}

describe('the queue', () => {
  it('queues a message typed while a reply runs and shows it, numbered, with a hint', async () => {
    await mountWithQueue('second', 'third');
    expect(app!.server.sent).toEqual(['first']);
    expect(queueTexts()).toEqual(['second', 'third']);
    expect(live()).toMatch(/⧗ queued 1: second\n⧗ queued 2: third\n/);
    expect(live()).toContain('↑ on an empty prompt edits the last queued message');
    expect(screen()).not.toContain('still running');
    // The prompt is free again for the next message.
    expect(live()).toContain('Type a message');
  });

  // Which message goes next is the Agent's business (conversation-control.test.ts, with a real
  // Agent); here the fake starts the next queued turn and the test checks what the UI shows.
  it('shows the queue shrinking as each queued message starts its turn', async () => {
    await mountWithQueue('second', 'third');
    app!.server.endTurn();
    await app!.emit();
    expect(live()).not.toContain('second');
    expect(live()).toMatch(/⧗ queued 1: third\n/);
    expect(live()).toContain('Esc to stop');
    app!.server.endTurn();
    await app!.emit();
    expect(live()).not.toContain('queued');
    expect(live()).not.toContain(QUEUE_HINT);
    expect(live()).toContain('Esc to stop');
    app!.server.endTurn();
    await app!.emit();
    // All turns ended: the status line no longer says a reply runs.
    expect(live()).not.toContain('Esc to stop');
  });

  it('↑ on an empty prompt edits the last queued message; Enter saves it', async () => {
    await mountWithQueue('second', 'third');
    await app!.type(KEYS.up);
    expect(live()).toContain('✎ queued 2: being edited in the prompt below');
    expect(live()).toContain('> third');
    expect(live()).toContain('Enter saves · an empty text or Ctrl+D deletes it · Esc cancels');
    await app!.type(' and fourth');
    await app!.type(KEYS.enter);
    expect(queueTexts()).toEqual(['second', 'third and fourth']);
    expect(live()).toContain('⧗ queued 2: third and fourth');
    expect(live()).toContain('Type a message');
    expect(app!.server.sent).toEqual(['first']);
  });

  it('↑ again moves to the earlier queued message while the text is unchanged', async () => {
    await mountWithQueue('second', 'third');
    await app!.type(KEYS.up);
    await app!.type(KEYS.up);
    expect(live()).toContain('✎ queued 1: being edited');
    expect(live()).toContain('> second');
    await app!.type(KEYS.down);
    expect(live()).toContain('✎ queued 2: being edited');
    expect(live()).toContain('> third');
    await app!.type(KEYS.down);
    expect(live()).not.toContain('being edited');
    expect(live()).toContain('Type a message');
  });

  it('Ctrl+D or an empty text deletes the queued message', async () => {
    await mountWithQueue('second', 'third');
    await app!.type(KEYS.up);
    await app!.type(KEYS.ctrlD);
    expect(queueTexts()).toEqual(['second']);
    await app!.type(KEYS.up);
    for (let index = 0; index < 'second'.length; index += 1) await app!.type(KEYS.backspace);
    await app!.type(KEYS.enter);
    expect(queueTexts()).toEqual([]);
    expect(live()).not.toContain('queued');
    // The removed messages never get a turn.
    app!.server.endTurn();
    await app!.emit();
    expect(app!.server.sent).toEqual(['first']);
  });

  it('Esc cancels the edit and does not stop the running reply', async () => {
    await mountWithQueue('second');
    await app!.type(KEYS.up);
    await app!.type('!!!');
    await app!.type(KEYS.escape);
    expect(app!.server.abortCount).toBe(0);
    expect(queueTexts()).toEqual(['second']);
    expect(live()).toContain('Type a message');
    // With nothing being edited, Esc stops the reply again.
    await app!.type(KEYS.escape);
    expect(app!.server.abortCount).toBe(1);
  });

  it('sends the text as a new message when the edited one was sent meanwhile', async () => {
    await mountWithQueue('second');
    await app!.type(KEYS.up);
    app!.server.endTurn(); // "second" starts its turn while the user edits it.
    await app!.emit();
    expect(live()).toContain('the message you are editing was sent meanwhile');
    await app!.type(' edited');
    await app!.type(KEYS.enter);
    expect(app!.server.sent).toEqual(['first', 'second']);
    expect(queueTexts()).toEqual(['second edited']);
    expect(live()).toContain('⧗ queued 1: second edited');
  });

  it('↑ without a queue still recalls the input history', async () => {
    app = await mountApp();
    await app.send('first');
    app.server.endTurn();
    await app.emit();
    await app.type(KEYS.up);
    expect(live()).toContain('> first');
    expect(live()).not.toContain('editing');
  });

  it('shows a queued message once in every frame, also while it is edited', async () => {
    await mountWithQueue('unique-queued-text');
    await app!.type(KEYS.up);
    await app!.type('!');
    await app!.type(KEYS.enter);
    expect(queueTexts()).toEqual(['unique-queued-text!']);
    const all = screens(app!.terminal.frames);
    // From the frame where it was first typed in full, through queueing, editing and saving:
    // every frame shows it exactly once (in the prompt, then in the queue, then in the prompt
    // again while edited, then in the queue).
    const typed = all.findIndex((frame) => frame.includes('unique-queued-text'));
    expect(typed).toBeGreaterThanOrEqual(0);
    for (const [frame, frameScreen] of all.entries())
      if (frame >= typed)
        expect(countOccurrences(frameScreen, 'unique-queued-text'), `frame ${frame}`).toBe(1);
    expect(live()).toContain('⧗ queued 1: unique-queued-text!');
  });
});
