// /rewind, /compact, /btw, the queue and !bang, through a real Agent against tools/mock-llm.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastAssistantText, ofType, startHarness } from './test-support/agent-harness.js';
import type { Harness } from './test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const text = (t: string) => ({ reply: [{ type: 'text' as const, text: t }] });
const userIds = (h: Harness) => h.agent.messages.filter((m) => m.role === 'user').map((m) => m.id);

describe('/rewind', () => {
  it('cuts the conversation before the last occurrence of the chosen message', async () => {
    harness = await startHarness('openai', {
      name: 'r',
      turns: [text('one'), text('two'), text('three')],
    });
    await harness.agent.sendMessage('first');
    await harness.agent.sendMessage('second');
    await harness.agent.sendMessage('third');
    const [, second] = userIds(harness);
    const result = harness.agent.rewind(second!, 'conversation', 'request-7');
    expect(result.ok).toBe(true);
    expect(harness.agent.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    // The cut carries the request it answers (ARCHITECTURE §2.11).
    expect(harness.events.at(-1)).toEqual({
      type: 'messagesRewound',
      anchorMessageId: second,
      requestId: 'request-7',
    });
    harness.expectStateMatchesEvents();
  });

  it('restores the files tools changed since then, and refuses to clobber outside changes', async () => {
    harness = await startHarness(
      'anthropic',
      {
        name: 'files',
        turns: [
          {
            reply: [
              {
                type: 'tool_call',
                id: 'e1',
                name: 'Edit',
                input: { file_path: 'app.txt', old_string: 'v1', new_string: 'v2' },
              },
              {
                type: 'tool_call',
                id: 'w1',
                name: 'Write',
                input: { file_path: 'new.txt', content: 'created' },
              },
              {
                type: 'tool_call',
                id: 'b1',
                name: 'Bash',
                input: { command: 'echo by-shell > shell.txt && echo changed > other.txt' },
              },
            ],
          },
          text('Edited.'),
        ],
      },
      { permissionMode: 'bypassPermissions' },
    );
    const file = (name: string) => join(harness!.workdir, name);
    writeFileSync(file('app.txt'), 'version v1\n');
    writeFileSync(file('other.txt'), 'original\n');
    await harness.agent.sendMessage('change things');
    expect(readFileSync(file('app.txt'), 'utf8')).toBe('version v2\n');
    expect(readFileSync(file('shell.txt'), 'utf8')).toBe('by-shell\n');
    // Someone edits other.txt outside Wave after the turn.
    writeFileSync(file('other.txt'), 'edited by hand\n');

    const [anchor] = userIds(harness);
    const result = harness.agent.rewind(anchor!, 'files');
    expect(result.ok).toBe(true);
    expect(readFileSync(file('app.txt'), 'utf8')).toBe('version v1\n');
    expect(existsSync(file('new.txt'))).toBe(false);
    expect(existsSync(file('shell.txt'))).toBe(false);
    expect(readFileSync(file('other.txt'), 'utf8')).toBe('edited by hand\n');
    expect(result.conflicts).toEqual([
      { path: file('other.txt'), reason: expect.stringMatching(/changed outside Wave/) },
    ]);
    // "files only" leaves the conversation as it was.
    expect(harness.agent.messages).toHaveLength(3);
  });

  it('refuses an anchor that is not a user message of this conversation', async () => {
    harness = await startHarness('openai', { name: 'x', turns: [text('a')] });
    await harness.agent.sendMessage('hi');
    const assistant = harness.agent.messages.at(-1)!.id;
    expect(harness.agent.rewind(assistant)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a user message/),
    });
    expect(harness.agent.rewind('nope').ok).toBe(false);
  });
});

describe('/compact', () => {
  it('appends a compact block, keeps the display history, and folds what the model sees', async () => {
    harness = await startHarness('openai', {
      name: 'compact',
      turns: [
        text('The secret word is banana.'),
        text('SUMMARY: the user asked; the secret word was given.'),
        text('Noted.'),
      ],
    });
    await harness.agent.sendMessage('tell me a secret');
    const result = await harness.agent.compact('keep the secret');
    expect(result.ok).toBe(true);
    const added = ofType(harness.events, 'compactBlockAdded');
    expect(added).toHaveLength(1);
    expect(added[0]!.message.blocks[0]).toEqual({
      type: 'compact',
      summary: 'SUMMARY: the user asked; the secret word was given.',
    });
    expect(ofType(harness.events, 'messagesReplaced')).toHaveLength(0);
    expect(lastAssistantText(harness.agent)).toBe('The secret word is banana.');
    expect(JSON.stringify(harness.mock.requests[1]!.body)).toContain('keep the secret');

    await harness.agent.sendMessage('what next?');
    const sent = JSON.stringify(harness.mock.requests[2]!.body);
    expect(sent).toContain('SUMMARY: the user asked');
    expect(sent).not.toContain('banana');
    expect(harness.agent.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'system',
      'user',
      'assistant',
    ]);
  });

  it('compacts automatically before a call when the last one used most of the context window', async () => {
    harness = await startHarness(
      'openai',
      {
        name: 'auto',
        turns: [
          {
            reply: [{ type: 'text', text: 'Big answer.' }],
            usage: { inputTokens: 900, outputTokens: 10 },
          },
          text('SUMMARY: big answer given.'),
          text('Small answer.'),
        ],
      },
      { contextWindow: 1000 },
    );
    await harness.agent.sendMessage('big');
    await harness.agent.sendMessage('small');
    expect(ofType(harness.events, 'compactBlockAdded')).toHaveLength(1);
    expect(JSON.stringify(harness.mock.requests[2]!.body)).toContain('SUMMARY: big answer given.');
    expect(lastAssistantText(harness.agent)).toBe('Small answer.');
  });
});

describe('/btw', () => {
  it('streams a side answer from a fork of the context without tools and leaves the history untouched', async () => {
    harness = await startHarness('anthropic', {
      name: 'btw',
      chunkSize: 3,
      turns: [text('Main answer.'), text('Side answer, briefly.')],
    });
    await harness.agent.sendMessage('main question');
    const before = harness.agent.messages;
    const eventsBefore = harness.events.length;
    const btwId = harness.agent.askBtw('by the way?');
    await vi.waitFor(() => expect(ofType(harness!.events, 'btwEnded')).toHaveLength(1), {
      timeout: 10_000,
    });
    const chunks = ofType(harness.events.slice(eventsBefore), 'btwUpdated');
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((event) => event.btwId === btwId)).toBe(true);
    expect(chunks.map((event) => event.chunk).join('')).toBe('Side answer, briefly.');
    expect(harness.agent.sessionState.btw).toMatchObject({
      btwId,
      question: 'by the way?',
      answer: 'Side answer, briefly.',
      stage: 'answered',
    });
    expect(harness.agent.messages).toBe(before);
    // Nothing of it is written to the session file.
    expect(readFileSync(harness.agent.sessionPath!, 'utf8')).not.toContain('btw');
    expect(harness.agent.closeBtw(btwId)).toBe(true);
    expect(harness.agent.sessionState.btw).toBeUndefined();
    const body = harness.mock.requests[1]!.body as { tools?: unknown[] };
    expect(body.tools ?? []).toEqual([]);
    expect(JSON.stringify(body)).toContain('Main answer.');
  });
});

describe('the queue', () => {
  it('queues messages sent during a turn, lets them be edited or removed, and sends them in order', async () => {
    harness = await startHarness('openai', {
      name: 'queue',
      delayMs: 5,
      turns: [
        {
          match: { lastUserContains: 'one' },
          reply: [{ type: 'text', text: 'reply to one, streaming slowly' }],
        },
        {
          match: { lastUserContains: 'TWO edited' },
          reply: [{ type: 'text', text: 'reply to two' }],
        },
        { match: { lastUserContains: 'four' }, reply: [{ type: 'text', text: 'reply to four' }] },
      ],
    });
    const first = harness.agent.sendMessage('one');
    const second = harness.agent.sendMessage('two');
    const third = harness.agent.sendMessage('three');
    const fourth = harness.agent.sendMessage('four');
    const [two, three] = harness.agent.queuedMessages;
    expect(harness.agent.queuedMessages.map((q) => q.text)).toEqual(['two', 'three', 'four']);
    harness.agent.editQueuedMessage(two!.id, 'TWO edited');
    harness.agent.removeQueuedMessage(three!.id);
    expect(await third).toMatchObject({ stopReason: 'removed' });
    await Promise.all([first, second, fourth]);
    const users = harness.agent.messages.filter((m) => m.role === 'user').map((m) => m.blocks[0]);
    expect(users.map((b) => (b?.type === 'text' ? b.content : ''))).toEqual([
      'one',
      'TWO edited',
      'four',
    ]);
    const changes = ofType(harness.events, 'queuedMessagesChanged').map((event) => event.queued);
    expect(changes.map((queue) => queue.map((queued) => queued.text))).toEqual([
      ['two'],
      ['two', 'three'],
      ['two', 'three', 'four'],
      ['TWO edited', 'three', 'four'],
      ['TWO edited', 'four'],
      ['four'],
      [],
    ]);
    expect(harness.agent.sessionState.queue).toEqual([]);
    expect(lastAssistantText(harness.agent)).toBe('reply to four');
  });
});

describe('!bang', () => {
  it('runs a command as a user message with a live bang block, persisted and seen by the model', async () => {
    harness = await startHarness('openai', { name: 'bang', turns: [text('I saw your output.')] });
    const exitCode = await harness.agent.runBang('echo hello from bang; exit 3');
    expect(exitCode).toBe(3);
    const bangEvents = ofType(harness.events, 'bangBlockUpdated');
    const messageId = harness.agent.messages[0]!.id;
    expect(bangEvents.every((e) => e.messageId === messageId)).toBe(true);
    expect(bangEvents.map((e) => e.outputChunk ?? '').join('')).toBe('hello from bang\n');
    expect(harness.agent.messages[0]!.blocks[0]).toMatchObject({
      type: 'bang',
      command: 'echo hello from bang; exit 3',
      output: 'hello from bang\n',
      exitCode: 3,
      stage: 'end',
    });
    await harness.agent.sendMessage('what did it print?');
    expect(JSON.stringify(harness.mock.requests[0]!.body)).toContain('hello from bang');
    const lines = readFileSync(harness.agent.sessionPath!, 'utf8');
    expect(lines).toContain('"bangBlockUpdated"');
  });
});
