// `@` in the prompt: the work folder's files from findFiles (asked once per change of what is
// typed, the latest answer shown), Tab and Enter take one (a folder keeps completing inside it),
// Esc closes the list; a message the agent refuses comes back to the prompt with the reason; a
// user message's attachments show as chips under its text.

import { afterEach, describe, expect, it } from 'vitest';
import { stripAnsi } from '../test-support/ink-frames.js';
import type { MountedApp } from '../test-support/mount-app.js';
import { KEYS, mountApp } from '../test-support/mount-app.js';
import { settle } from '../test-support/ink-frames.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

const live = () => stripAnsi(app!.terminal.lastFrame().live);
const history = () => stripAnsi(app!.terminal.lastFrame().history);

async function typeText(text: string): Promise<void> {
  for (const char of text) await app!.type(char);
}

async function mountWithFiles(): Promise<MountedApp> {
  const mounted = await mountApp();
  mounted.server.files = [
    { path: 'src/', folder: true },
    { path: 'src/app.ts', folder: false },
    { path: 'src/util.ts', folder: false },
    { path: 'my notes/plan b.md', folder: false },
    { path: 'README.md', folder: false },
  ];
  return mounted;
}

describe('@ mentions in the prompt', () => {
  it('lists the matching files while a mention is typed, asking once per change', async () => {
    app = await mountWithFiles();
    await typeText('read @sr');
    expect(live()).toContain('@src/  folder');
    expect(live()).toContain('@src/app.ts');
    expect(live()).not.toContain('README.md');
    expect(app.server.fileQueries).toEqual(['', 's', 'sr']);
    // Keys that change nothing typed, and time, ask nothing.
    await app.type(KEYS.down);
    await app.type(KEYS.up);
    await settle();
    expect(app.server.fileQueries).toEqual(['', 's', 'sr']);
  });

  it('shows the answer to the latest query, not a slower older one', async () => {
    app = await mountWithFiles();
    let releaseOld: () => void = () => undefined;
    app.server.fileAnswerGate = (query) =>
      query === 'R' ? new Promise((resolve) => (releaseOld = resolve)) : Promise.resolve();
    app.server.files.push({ path: 'ROADMAP.md', folder: false });
    await typeText('@R');
    await typeText('E');
    expect(live()).toContain('@README.md');
    // The answer for `@R` (which has ROADMAP.md) comes last, and is dropped.
    releaseOld();
    await settle();
    await settle();
    expect(live()).toContain('@README.md');
    expect(live()).not.toContain('ROADMAP');
  });

  it('Tab takes a folder and goes on inside it; Enter takes a file, then sends', async () => {
    app = await mountWithFiles();
    await typeText('read @sr');
    await app.type(KEYS.tab);
    expect(live()).toContain('> read @src/');
    expect(app.server.fileQueries.at(-1)).toBe('src/');
    await typeText('u');
    await app.type(KEYS.enter);
    expect(app.server.sent).toEqual([]);
    expect(live()).toContain('> read @src/util.ts');
    await typeText('please');
    await app.type(KEYS.enter);
    expect(app.server.sent).toEqual(['read @src/util.ts please']);
  });

  it('quotes a path with spaces', async () => {
    app = await mountWithFiles();
    await typeText('@plan');
    await app.type(KEYS.tab);
    await app.type(KEYS.enter);
    expect(app.server.sent).toEqual(['@"my notes/plan b.md"']);
  });

  it('Esc closes the list and Enter then sends what was typed', async () => {
    app = await mountWithFiles();
    await typeText('see @READ');
    expect(live()).toContain('@README.md');
    await app.type(KEYS.escape);
    expect(live()).not.toContain('@README.md');
    await app.type(KEYS.enter);
    expect(app.server.sent).toEqual(['see @READ']);
  });

  it('says so where the list would be when the files cannot be listed', async () => {
    app = await mountWithFiles();
    app.server.fileAnswerGate = () => Promise.reject(new Error('the index is not ready'));
    await typeText('@src');
    expect(live()).toContain('Files could not be listed: the index is not ready');
  });
});

describe('a refused message', () => {
  it('shows the reason as a note and comes back to the prompt', async () => {
    app = await mountWithFiles();
    app.server.sendError =
      'wave-demo does not take images, so shot.png was not sent: switch to a model that does (/model), or remove the mention.';
    await typeText('what is in @shot.png');
    await app.type(KEYS.escape);
    await app.type(KEYS.enter);
    await settle();
    expect(history()).toContain('wave-demo does not take images');
    expect(live()).toContain('> what is in @shot.png');
    app.server.sendError = undefined;
    await app.type(KEYS.enter);
    expect(app.server.sent).toEqual(['what is in @shot.png']);
  });
});

describe('the queue', () => {
  it("names a queued message's attachments after its text", async () => {
    app = await mountApp();
    await app.emit({
      type: 'queuedMessagesChanged',
      queued: [{ id: 'q1', text: 'and this one', attachments: ['shot.png', 'src/a.ts:3-9'] }],
    });
    expect(live()).toContain('⧗ queued 1: and this one · 📎 shot.png, src/a.ts:3-9');
  });
});

describe('attachment chips', () => {
  it("stand under a user message's text, once", async () => {
    app = await mountApp({ columns: 60 });
    await app.emit({
      type: 'userMessageAdded',
      message: {
        id: 'u1',
        role: 'user',
        createdAt: 0,
        blocks: [
          { type: 'text', content: 'look at @src/a.ts and @shot.png', stage: 'end' },
          { type: 'attachment', kind: 'file', name: 'src/a.ts', bytes: 1229, ref: 'a' },
          {
            type: 'attachment',
            kind: 'image',
            name: 'shot.png',
            bytes: 48 * 1024,
            mediaType: 'image/png',
            ref: 'b',
          },
        ],
      },
    });
    const shown = stripAnsi(app.terminal.lastFrame().screen);
    expect(shown).toContain(
      '> look at @src/a.ts and @shot.png\n  📎 src/a.ts · 1.2 KB\n  🖼 shot.png · 48.0 KB\n',
    );
    expect(shown.split('📎 src/a.ts')).toHaveLength(2);
  });
});
