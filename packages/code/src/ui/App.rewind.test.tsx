// /rewind: a picker of the user's earlier messages (newest first, first line of each), then
// what to put back (conversation and files by default, conversation only, files only). It
// reports the restored files and the conflicts, and refuses while a turn runs.

import { afterEach, describe, expect, it } from 'vitest';
import {
  assistantAdded,
  finished,
  textDelta,
  textEnd,
  userMessage,
} from '../test-support/agent-events.js';
import { stripAnsi } from '../test-support/ink-frames.js';
import type { MountedApp } from '../test-support/mount-app.js';
import { KEYS, mountApp } from '../test-support/mount-app.js';
import { ScriptedServer } from '../test-support/scripted-server.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

const live = (): string => stripAnsi(app!.terminal.lastFrame().live);
const screen = (): string => stripAnsi(app!.terminal.lastFrame().screen);

/** Two finished turns: "add a test\nfor the parser" then "now fix it". */
async function mountWithTwoTurns(): Promise<MountedApp> {
  app = await mountApp({
    columns: 120,
    server: new ScriptedServer(undefined, { workdir: '/work' }),
  });
  await app.emit(
    userMessage('u1', 'add a test\nfor the parser'),
    assistantAdded('a1'),
    textDelta('a1', 'Added the test.'),
    textEnd('a1'),
    finished('a1'),
    userMessage('u2', 'now fix it'),
    assistantAdded('a2'),
    textDelta('a2', 'Fixed the parser.'),
    textEnd('a2'),
    finished('a2'),
  );
  return app;
}

describe('/rewind', () => {
  it('lists your messages newest first, by their first line', async () => {
    await mountWithTwoTurns();
    await app!.send('/rewind');
    expect(live()).toContain('Rewind to before which of your messages?');
    expect(live()).toMatch(/❯ 1\. now fix it\n\s+2\. add a test …/);
    await app!.type(KEYS.escape);
    expect(app!.server.rewindCalls).toEqual([]);
    expect(live()).toContain('Type a message');
  });

  it('rewinds conversation and files by default, lists conflicts, and gives the message back', async () => {
    await mountWithTwoTurns();
    app!.server.rewindFiles = {
      restored: ['/work/src/parser.ts'],
      conflicts: [
        { path: '/work/README.md', reason: 'it changed outside Wave since; left as it is' },
      ],
    };
    await app!.send('/rewind');
    await app!.type(KEYS.enter); // "now fix it"
    expect(live()).toContain('Before "now fix it": put back what?');
    expect(live()).toMatch(/❯ 1\. Conversation and files {2}the default/);
    expect(live()).toContain('2. Conversation only');
    expect(live()).toContain('3. Files only');
    await app!.type(KEYS.enter);
    expect(app!.server.rewindCalls).toEqual([{ messageId: 'u2', restore: 'both' }]);
    expect(app!.server.state.conversation.messages.map((message) => message.id)).toEqual([
      'u1',
      'a1',
    ]);
    const shown = screen();
    expect(shown).toContain('Rewound the conversation to before "now fix it".');
    expect(shown).toContain('Restored 1 file: src/parser.ts');
    expect(shown).toContain(
      'Not restored: README.md: it changed outside Wave since; left as it is',
    );
    expect(shown).toContain('Your message is back in the prompt');
    expect(live()).toContain('> now fix it');
  });

  it('files only: the conversation stays, the files come back', async () => {
    await mountWithTwoTurns();
    app!.server.rewindFiles = { restored: ['/work/a.txt', '/work/b.txt'], conflicts: [] };
    await app!.send('/rewind');
    await app!.type(KEYS.down); // "add a test …"
    await app!.type(KEYS.enter);
    await app!.type('3');
    await app!.type(KEYS.enter);
    expect(app!.server.rewindCalls).toEqual([{ messageId: 'u1', restore: 'files' }]);
    expect(app!.server.state.conversation.messages).toHaveLength(4);
    expect(screen()).toContain('Restored 2 files: a.txt, b.txt');
    expect(screen()).not.toContain('Rewound the conversation');
    expect(live()).toContain('Type a message');
  });

  it('conversation only: says no file was looked at', async () => {
    await mountWithTwoTurns();
    await app!.send('/rewind');
    await app!.type(KEYS.enter);
    await app!.type(KEYS.down);
    await app!.type(KEYS.enter);
    expect(app!.server.rewindCalls).toEqual([{ messageId: 'u2', restore: 'conversation' }]);
    expect(screen()).toContain('Rewound the conversation to before "now fix it".');
    expect(screen()).not.toContain('Restored');
  });

  it('refuses while a turn runs, with a sentence that says what to do', async () => {
    await mountWithTwoTurns();
    await app!.send('keep going');
    await app!.send('/rewind');
    expect(screen()).toContain('A reply is running: press Esc to stop it, then /rewind.');
    expect(live()).not.toContain('Rewind to before');
    expect(app!.server.rewindCalls).toEqual([]);
  });

  it('says so when there is nothing to rewind', async () => {
    app = await mountApp();
    await app.send('/rewind');
    expect(screen()).toContain(
      'There is nothing to rewind: no message was sent in this conversation yet.',
    );
  });
});
