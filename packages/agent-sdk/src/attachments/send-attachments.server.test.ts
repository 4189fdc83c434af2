// A message's attachments as a host sends them, over a real server, to tools/mock-llm over real
// HTTP: what the model was sent (the file's text in a part naming it; an image as an image part
// on both wires), what the state and the session file hold (a block with a ref, never the bytes),
// that a resumed session sends the image again, and the sentences for what cannot be attached.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AttachmentBlock, Message } from '@wave-agent/shared-protocol';
import { RpcError } from '@wave-agent/shared-protocol';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionPathFor } from '../session/session-summary.js';
import { startAttachmentServer } from './test-support/attachment-server.js';
import type { AttachmentServer, Wire } from './test-support/attachment-server.js';

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function replies(count: number): Scenario {
  return {
    name: 'replies',
    turns: Array.from({ length: count }, (_, i) => ({
      reply: [{ type: 'text', text: `reply ${i}` }],
    })),
  };
}

let server: AttachmentServer | undefined;
afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

/** The last request's last user message, as the wire carried it. */
function lastUser(): unknown {
  const body = server!.mock.requests.at(-1)?.body as { messages: { role: string }[] };
  return body.messages.filter((message) => message.role === 'user').at(-1);
}

function attachmentsOf(message: Message | undefined): AttachmentBlock[] {
  return (message?.blocks ?? []).filter((block) => block.type === 'attachment');
}

function noticesOf(session: { state(): { conversation: { messages: readonly Message[] } } }) {
  return session
    .state()
    .conversation.messages.flatMap((message) => message.blocks)
    .flatMap((block) => (block.type === 'notice' ? [block.message] : []));
}

function imagePartOn(wire: Wire) {
  return wire === 'anthropic'
    ? { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }
    : { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } };
}

describe('a mentioned file', () => {
  it('goes to the model as a part naming it after the text; the state and the session file hold a ref, the copy is kept under WAVE_HOME', async () => {
    server = await startAttachmentServer(replies(1));
    mkdirSync(join(server.workdir, 'src'));
    writeFileSync(join(server.workdir, 'src/a.ts'), 'export const answer = 42;\n');
    const session = await server.open('openai');
    await session.request('sendMessage', { text: 'explain @src/a.ts please' });
    await session.idle();

    expect(lastUser()).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'explain @src/a.ts please' },
        {
          type: 'text',
          text: '<attached-file path="src/a.ts">\nexport const answer = 42;\n</attached-file>',
        },
      ],
    });
    const user = session.state().conversation.messages.find((message) => message.role === 'user');
    const [block] = attachmentsOf(user);
    expect(block).toMatchObject({ kind: 'file', name: 'src/a.ts', bytes: 25 });
    expect(readFileSync(join(server.waveHome, 'attachments', block!.ref), 'utf8')).toBe(
      'export const answer = 42;',
    );
    const lines = readFileSync(
      sessionPathFor(server.waveHome, server.workdir, session.sessionId),
      'utf8',
    );
    expect(lines).toContain(block!.ref);
    expect(lines).not.toContain('answer = 42');
  });

  it('is not attached, with a sentence to the user and the model, when missing, binary, outside the work folder or a link out of it; a folder is its listing', async () => {
    server = await startAttachmentServer(replies(1));
    const outside = join(tmpdir(), `wave-outside-${process.pid}.txt`);
    writeFileSync(outside, 'secret');
    writeFileSync(join(server.workdir, 'blob.bin'), Buffer.from([1, 0, 2, 0]));
    symlinkSync(outside, join(server.workdir, 'link.txt'));
    mkdirSync(join(server.workdir, 'lib/inner'), { recursive: true });
    writeFileSync(join(server.workdir, 'lib/x.ts'), 'x');
    const session = await server.open('anthropic');
    try {
      await session.request('sendMessage', {
        text: `look at @missing.ts, @blob.bin @link.txt @${outside} and @lib.`,
      });
      await session.idle();
    } finally {
      rmSync(outside, { force: true });
    }
    const notices = noticesOf(session);
    expect(notices).toEqual([
      '@missing.ts was not attached: there is no such file in the work folder. Check the path.',
      '@blob.bin was not attached: it is a binary file, and only text files and images (PNG, JPEG, GIF, WebP) can be attached.',
      expect.stringMatching(/^@link\.txt was not attached: it is outside the work folder/),
      expect.stringMatching(/was not attached: it is outside the work folder/),
    ]);
    const sent = JSON.stringify(server.mock.requests.at(-1)?.body);
    expect(sent).not.toContain('secret');
    expect(sent).toContain(
      '<attached-folder path=\\"lib/\\">\\ninner/\\nx.ts\\n</attached-folder>',
    );
    // The model is told what was not attached.
    expect(sent).toContain('@missing.ts was not attached');
  });

  it('sends only the lines a host attached, and a long file’s start with the model told it was cut', async () => {
    server = await startAttachmentServer(replies(1));
    writeFileSync(join(server.workdir, 'five.txt'), 'one\ntwo\nthree\nfour\nfive\n');
    const long = Array.from({ length: 2500 }, (_, i) => `line ${i + 1}`).join('\n');
    writeFileSync(join(server.workdir, 'long.txt'), long);
    const session = await server.open('openai');
    await session.request('sendMessage', {
      text: 'these',
      attachments: [
        { type: 'file', path: 'five.txt', lines: { from: 2, to: 3 } },
        { type: 'file', path: 'long.txt' },
      ],
    });
    await session.idle();
    const parts = (lastUser() as { content: { text: string }[] }).content.map((part) => part.text);
    expect(parts[1]).toBe(
      '<attached-file path="five.txt" lines="2-3">\ntwo\nthree\n</attached-file>',
    );
    expect(parts[2]).toContain(
      'line 2000\n</attached-file>\n[The file is longer than an attachment holds',
    );
    expect(parts[2]).not.toContain('line 2001');
    const user = session.state().conversation.messages.find((message) => message.role === 'user');
    expect(attachmentsOf(user).map((block) => [block.name, block.lines, block.truncated])).toEqual([
      ['five.txt', { from: 2, to: 3 }, undefined],
      ['long.txt', undefined, true],
    ]);
  });

  it('of a session kept in memory is kept in memory: nothing is written under WAVE_HOME', async () => {
    server = await startAttachmentServer(replies(1), { agent: { persistSession: false } });
    writeFileSync(join(server.workdir, 'a.txt'), 'in memory');
    const session = await server.open('anthropic');
    await session.request('sendMessage', { text: 'read @a.txt' });
    await session.idle();
    expect(JSON.stringify(lastUser())).toContain('in memory');
    expect(existsSync(join(server.waveHome, 'attachments'))).toBe(false);
  });

  it('is refused when a Read deny rule covers it', async () => {
    const workdir = mkdtempSync(join(tmpdir(), 'wave-deny-'));
    const file = join(workdir, '.wave', 'settings.json');
    server = await startAttachmentServer(replies(1), {
      workdir,
      agent: {
        permissionSettings: [
          {
            file,
            kind: 'user',
            baseDir: workdir,
            value: { deny: ['Read(./secrets/**)'] },
            locate: (keyPath) => `${file}:${keyPath}`,
          },
        ],
      },
    });
    mkdirSync(join(server.workdir, 'secrets'));
    mkdirSync(join(server.workdir, 'src'));
    writeFileSync(join(server.workdir, 'secrets/key.txt'), 'hunter2');
    writeFileSync(join(server.workdir, 'secrets/key-named-file.txt'), '');
    symlinkSync(join(server.workdir, 'secrets/key.txt'), join(server.workdir, 'innocent.txt'));
    symlinkSync(join(server.workdir, 'secrets'), join(server.workdir, 'docs'));
    const session = await server.open('openai');
    await session.request('sendMessage', {
      text: '@secrets/key.txt @innocent.txt @src/../secrets/key.txt @docs/key.txt @docs',
    });
    await session.idle();
    const refused = (written: string) =>
      `@${written} was not attached: a deny rule for Read in your permission settings covers it.`;
    expect(noticesOf(session)).toEqual([
      refused('secrets/key.txt'),
      refused('innocent.txt'),
      refused('src/../secrets/key.txt'),
      refused('docs/key.txt'),
    ]);
    const sent = JSON.stringify(server.mock.requests.at(-1)?.body);
    expect(sent).not.toContain('hunter2');
    // A folder's listing leaves out the names of what the rule denies, as LS does.
    expect(attachmentsOf(session.state().conversation.messages[0])).toMatchObject([
      { kind: 'file', name: 'docs/' },
    ]);
    expect(sent).not.toContain('key-named-file');
    rmSync(workdir, { recursive: true, force: true });
  });
});

describe('an image', () => {
  for (const wire of ['anthropic', 'openai'] as const) {
    it(`goes to the model as an image part on the ${wire} wire, and again after the session is resumed`, async () => {
      server = await startAttachmentServer(replies(2));
      const session = await server.open(wire);
      await session.request('sendMessage', {
        text: 'what is this?',
        attachments: [{ type: 'image', name: 'shot.png', mediaType: 'image/png', data: PNG }],
      });
      await session.idle();
      const content = (lastUser() as { content: unknown[] }).content;
      expect(content).toContainEqual(imagePartOn(wire));

      const lines = readFileSync(
        sessionPathFor(server.waveHome, server.workdir, session.sessionId),
        'utf8',
      );
      expect(lines).not.toContain(PNG.slice(0, 40));

      await server.restart();
      const resumed = await server.open(wire, session.sessionId);
      await resumed.request('sendMessage', { text: 'and now?' });
      await resumed.idle();
      const body = server.mock.requests.at(-1)?.body as {
        messages: { role: string; content: unknown }[];
      };
      const firstUser = body.messages.find((message) => message.role === 'user');
      expect(firstUser?.content).toContainEqual(imagePartOn(wire));
    });
  }

  it('reaches a compaction model that takes no images as a line naming it', async () => {
    server = await startAttachmentServer(
      {
        name: 'compaction',
        turns: [
          { reply: [{ type: 'text', text: 'A pixel.' }] },
          { reply: [{ type: 'text', text: 'Summary.' }] },
        ],
      },
      { modelFor: { compact: 'text-compatible' } },
    );
    const session = await server.open('anthropic');
    await session.request('sendMessage', {
      text: 'what is this?',
      attachments: [{ type: 'image', name: 'shot.png', mediaType: 'image/png', data: PNG }],
    });
    await session.idle();
    await session.request('compact', {});
    const compaction = server.mock.requests.at(-1)?.body as { model: string };
    expect(compaction.model).toBe('mock-text');
    const sent = JSON.stringify(compaction);
    expect(sent).not.toContain(PNG.slice(0, 40));
    expect(sent).toContain(
      '[The user attached the image shot.png; the model of this call takes no images, so it is not shown.]',
    );
  });

  it('whose kept copy is gone becomes a sentence for the model on resume, and the turn runs', async () => {
    server = await startAttachmentServer(replies(2));
    const session = await server.open('anthropic');
    await session.request('sendMessage', {
      text: 'see',
      attachments: [{ type: 'image', name: 'shot.png', mediaType: 'image/png', data: PNG }],
    });
    await session.idle();
    rmSync(join(server.waveHome, 'attachments'), { recursive: true });
    await server.restart();
    const resumed = await server.open('anthropic', session.sessionId);
    await resumed.request('sendMessage', { text: 'again' });
    await resumed.idle();
    expect(JSON.stringify(server.mock.requests.at(-1)?.body)).toContain(
      "[The user attached shot.png, but Wave's copy of it is gone",
    );
    expect(server.mock.requests).toHaveLength(2);
  });

  it('is refused with a sentence, and nothing is sent, when the model takes no images', async () => {
    server = await startAttachmentServer(replies(1));
    const session = await server.open('text' as Wire);
    const failure = await session
      .request('sendMessage', {
        text: 'what is this?',
        attachments: [{ type: 'image', name: 'shot.png', mediaType: 'image/png', data: PNG }],
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RpcError);
    expect((failure as RpcError).message).toBe(
      'The image "shot.png" was not sent: the model in use (openai mock-text) does not take images (if the model behind this OpenAI-compatible endpoint does take images, set "images": true on its entry in your settings\' "models"). Switch to a model that does with /model, or send the message without the image.',
    );
    expect(session.state().conversation.messages.filter((m) => m.role === 'user')).toEqual([]);
    expect(server.mock.requests).toHaveLength(0);
  });

  it('mentioned in the text refuses the message too when the model takes no images: nothing is sent or kept', async () => {
    server = await startAttachmentServer(replies(1));
    writeFileSync(join(server.workdir, 'shot.png'), Buffer.from(PNG, 'base64'));
    const session = await server.open('text' as Wire);
    const failure = await session
      .request('sendMessage', { text: 'what is @shot.png?' })
      .catch((error: unknown) => error);
    expect((failure as RpcError).message).toMatch(
      /^The image @shot\.png was not sent: the model in use \(openai mock-text\) does not take images .*Switch to a model that does with \/model, or send the message without the image\.$/,
    );
    expect(session.state().conversation.messages.filter((m) => m.role === 'user')).toEqual([]);
    expect(server.mock.requests).toHaveLength(0);
  });

  it('is refused when its bytes are not the type it claims', async () => {
    server = await startAttachmentServer(replies(1));
    const session = await server.open('anthropic');
    const failure = await session
      .request('sendMessage', {
        text: 'x',
        attachments: [
          {
            type: 'image',
            name: 'fake.png',
            mediaType: 'image/png',
            data: Buffer.from('GIF89a....').toString('base64'),
          },
        ],
      })
      .catch((error: unknown) => error);
    expect((failure as RpcError).message).toMatch(
      /^The image "fake.png" was not sent: its bytes are image\/gif, not the image\/png it is declared as\./,
    );
    expect(server.mock.requests).toHaveLength(0);
  });

  it('mentioned by path in the text is attached as an image', async () => {
    server = await startAttachmentServer(replies(1));
    writeFileSync(join(server.workdir, 'my shot.png'), Buffer.from(PNG, 'base64'));
    const session = await server.open('openai');
    await session.request('sendMessage', { text: 'see @"my shot.png"' });
    await session.idle();
    expect((lastUser() as { content: unknown[] }).content).toContainEqual(imagePartOn('openai'));
  });
});

describe('a queued message', () => {
  it('keeps its attachments while it waits (the queue names them) and sends them on its turn', async () => {
    server = await startAttachmentServer({
      name: 'held',
      turns: [
        {
          reply: [{ type: 'text', text: 'first answer' }],
          faults: [{ kind: 'hold', afterChunks: 1 }],
        },
        { reply: [{ type: 'text', text: 'second answer' }] },
      ],
    });
    writeFileSync(join(server.workdir, 'notes.md'), 'remember the milk');
    const session = await server.open('anthropic');
    await session.request('sendMessage', { text: 'first' });
    const { queued } = await session.request('sendMessage', {
      text: 'second',
      attachments: [
        { type: 'file', path: 'notes.md' },
        { type: 'image', name: 'shot.png', mediaType: 'image/png', data: PNG },
      ],
    });
    expect(queued).toBe(true);
    expect((await session.request('getQueuedMessages', {})).queued).toEqual([
      { id: expect.any(String), text: 'second', attachments: ['notes.md', 'shot.png'] },
    ]);
    server.mock.release();
    for (let waited = 0; server.mock.requests.length < 2 && waited < 20_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await session.idle();
    const sent = JSON.stringify(lastUser());
    expect(sent).toContain('remember the milk');
    expect(sent).toContain(PNG);
  });
});
