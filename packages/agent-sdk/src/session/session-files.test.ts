// Sessions on disk as a stranger's input and as a resource that can run out: ids that try to
// point elsewhere, a torn last line, a copied file, the compact format, and a WAVE_HOME that
// cannot hold sessions at all.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from '../agent.js';
import { lastAssistantText, ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';
import { expandNumberedWords } from '../test-support/numbered-words.js';
import { SessionFileError } from './session-reader.js';
import { sessionsDir } from './session-paths.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

function resume(h: Harness, sessionId: string): Promise<Agent> {
  return Agent.create({
    provider: 'openai',
    model: 'mock-model',
    baseURL: `${h.mock.url}/v1`,
    apiKey: 'test-key',
    env: {},
    workdir: h.workdir,
    waveHome: h.waveHome,
    resumeSessionId: sessionId,
  });
}

function notices(agent: Agent): string[] {
  return agent.messages.flatMap((message) =>
    message.blocks.flatMap((block) => (block.type === 'notice' ? [block.message] : [])),
  );
}

function texts(agent: Agent): string[] {
  return agent.messages.flatMap((message) =>
    message.blocks.flatMap((block) => (block.type === 'text' ? [block.content] : [])),
  );
}

describe('session files', () => {
  it('refuses a session id that is not a plain name, and opens or creates nothing', async () => {
    harness = await startHarness('openai', {
      name: 'ids',
      turns: [{ reply: [{ type: 'text', text: 'unused' }] }],
    });
    const outside = mkdtempSync(join(tmpdir(), 'wave-outside-'));
    const stolen = join(outside, 'stolen');
    writeFileSync(
      `${stolen}.jsonl`,
      `${JSON.stringify({ type: 'session', version: 1, id: 'x', workdir: '/', createdAt: 1 })}\n`,
    );
    const depth = sessionsDir(harness.waveHome, harness.workdir).split('/').length - 1;
    for (const id of [`${'../'.repeat(depth)}${stolen.slice(1)}`, stolen, '.hidden', 'a/b']) {
      const attempt = resume(harness, id);
      await expect(attempt).rejects.toThrow(SessionFileError);
      await expect(attempt).rejects.toThrow(/is not a session id/);
      await expect(harness.agent.restoreSession(id)).rejects.toThrow(/is not a session id/);
    }
    expect(readFileSync(`${stolen}.jsonl`, 'utf8').split('\n')).toHaveLength(2);
    expect(readdirSync(outside)).toEqual(['stolen.jsonl']);
    rmSync(outside, { recursive: true, force: true });
  });

  it('after a torn last line, the next event starts its own line and survives the next resume', async () => {
    harness = await startHarness('openai', {
      name: 'torn',
      turns: [
        { reply: [{ type: 'text', text: 'First answer.' }] },
        { reply: [{ type: 'text', text: 'Second answer.' }] },
      ],
    });
    await harness.agent.sendMessage('one');
    const id = harness.agent.sessionId;
    const path = harness.agent.sessionPath!;
    harness.agent.destroy();
    appendFileSync(path, '{"type":"assistantContentUpd');

    const resumed = await resume(harness, id);
    expect(notices(resumed)).toEqual([expect.stringMatching(/last line .* was cut off/)]);
    await resumed.sendMessage('two');
    resumed.destroy();

    const again = await resume(harness, id);
    expect(texts(again)).toEqual(['one', 'First answer.', 'two', 'Second answer.']);
    // The torn line was cut when the file was reopened: the second resume finds nothing wrong,
    // and the first resume's notice (appended right after the cut) is intact.
    expect(notices(again)).toEqual([expect.stringMatching(/last line .* was cut off/)]);
    again.destroy();
  });

  it('records how a session was started, and lists sessions written before that without it', async () => {
    harness = await startHarness(
      'openai',
      { name: 'origin', turns: [{ reply: [{ type: 'text', text: 'Printed.' }] }] },
      { origin: 'print' },
    );
    await harness.agent.sendMessage('hello');
    const path = harness.agent.sessionPath!;
    harness.agent.destroy();
    const list = () =>
      Agent.listSessions({ workdir: harness!.workdir, waveHome: harness!.waveHome }).sessions;
    expect(list().map((session) => session.origin)).toEqual(['print']);
    // Rebuilt from the file (no sidecar): the header says it too.
    rmSync(path.replace(/\.jsonl$/, '.summary.json'));
    expect(list().map((session) => session.origin)).toEqual(['print']);
    // A file from before: no origin in its header; one Wave does not know is left out.
    for (const origin of [undefined, 'elsewhere']) {
      const [header, ...rest] = readFileSync(path, 'utf8').split('\n');
      const { origin: _recorded, ...older } = JSON.parse(header!) as Record<string, unknown>;
      writeFileSync(path, [JSON.stringify({ ...older, origin }), ...rest].join('\n'));
      const [session] = list();
      expect(session?.title).toBe('hello');
      expect(session && Object.hasOwn(session, 'origin')).toBe(false);
    }
  });

  it('a session file copied under another name is a session of its own', async () => {
    harness = await startHarness('openai', {
      name: 'copy',
      turns: [
        { reply: [{ type: 'text', text: 'Original.' }] },
        { reply: [{ type: 'text', text: 'Only in the copy.' }] },
      ],
    });
    await harness.agent.sendMessage('hello');
    const original = { id: harness.agent.sessionId, path: harness.agent.sessionPath! };
    harness.agent.destroy();
    const copyId = 'copied-session';
    const copyPath = join(dirname(original.path), `${copyId}.jsonl`);
    copyFileSync(original.path, copyPath);
    copyFileSync(
      original.path.replace(/\.jsonl$/, '.summary.json'),
      copyPath.replace(/\.jsonl$/, '.summary.json'),
    );
    const before = readFileSync(original.path, 'utf8');

    const ids = Agent.listSessions({ workdir: harness.workdir, waveHome: harness.waveHome })
      .sessions.map((session) => session.id)
      .sort();
    expect(ids).toEqual([copyId, original.id].sort());

    const copy = await resume(harness, copyId);
    expect(copy.sessionId).toBe(copyId);
    await copy.sendMessage('more');
    copy.destroy();
    expect(readFileSync(original.path, 'utf8')).toBe(before);
    const reopened = await resume(harness, copyId);
    expect(texts(reopened)).toEqual(['hello', 'Original.', 'more', 'Only in the copy.']);
    reopened.destroy();
  });

  it("writes a delta that continues the one before as its chunk alone, with its first line's number", async () => {
    const reply = expandNumberedWords(2000);
    harness = await startHarness('openai', {
      name: 'compact',
      chunkSize: 8,
      turns: [{ reply: [{ type: 'text', numberedWords: { count: 2000 } }] }],
    });
    await harness.agent.sendMessage('count');
    const file = readFileSync(harness.agent.sessionPath!, 'utf8');
    // Whole events per 8-character chunk took about 15 bytes per character.
    expect(file.length).toBeLessThan(reply.length * 2);
    expect(file.split('\n').filter((line) => line.startsWith('"')).length).toBeGreaterThan(1000);
    const resumed = await resume(harness, harness.agent.sessionId);
    expect(resumed.messages).toEqual(harness.agent.messages);
    expect(lastAssistantText(resumed)).toBe(reply);
    resumed.destroy();
  });

  it("writes a tool call's parameters once, not again with its running and end steps, and resumes the same", async () => {
    const name = 'a-file-with-a-name-to-count.txt';
    harness = await startHarness('openai', {
      name: 'tool steps',
      chunkSize: 8,
      turns: [
        { reply: [{ type: 'tool_call', name: 'Read', input: { file_path: name } }] },
        { reply: [{ type: 'text', text: 'Read it.' }] },
      ],
    });
    writeFileSync(join(harness.workdir, name), 'the text of the file\n');
    await harness.agent.sendMessage('read it');
    const file = readFileSync(harness.agent.sessionPath!, 'utf8');
    // Once streamed (in chunks, so not whole), once as the streamed step's compact form.
    expect(file.split(name).length - 1).toBe(1);
    const stepLines = file.split('\n').filter((line) => line.includes('"toolBlockUpdated"'));
    expect(stepLines.filter((line) => line.includes('"parameters"'))).toEqual([]);
    const resumed = await resume(harness, harness.agent.sessionId);
    expect(resumed.messages).toEqual(harness.agent.messages);
    const tool = resumed.messages
      .flatMap((message) => message.blocks)
      .find((b) => b.type === 'tool');
    expect(tool?.type === 'tool' && tool.parameters).toBe(JSON.stringify({ file_path: name }));
    resumed.destroy();
  });

  it("a whole event line of a message the session does not have, amid a reply's continuation lines, loses none of the reply and is named", async () => {
    const reply = expandNumberedWords(200);
    harness = await startHarness('openai', {
      name: 'foreign line',
      chunkSize: 8,
      turns: [{ reply: [{ type: 'text', numberedWords: { count: 200 } }] }],
    });
    await harness.agent.sendMessage('count');
    const id = harness.agent.sessionId;
    const path = harness.agent.sessionPath!;
    harness.agent.destroy();
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    const firstChunk = lines.findIndex((line) => line.includes('"assistantContentUpdated"'));
    const middle = firstChunk + 20;
    expect(lines[middle]?.startsWith('"')).toBe(true);
    expect(lines[middle + 1]?.startsWith('"')).toBe(true);
    const foreign = {
      type: 'assistantContentUpdated',
      messageId: 'a-message-from-elsewhere',
      chunk: 'not ours ',
      stage: 'streaming',
    };
    lines.splice(middle, 0, JSON.stringify(foreign));
    writeFileSync(path, `${lines.join('\n')}\n`);

    const resumed = await resume(harness, id);
    expect(lastAssistantText(resumed)).toBe(reply);
    expect(notices(resumed)).toEqual([
      `Line ${middle + 1} of ${path} was skipped: part of a message this session does not have (a-message-from-elsewhere).`,
    ]);
    resumed.destroy();
  });

  it('reads a format 1 session and keeps appending to it in format 1', async () => {
    harness = await startHarness('openai', {
      name: 'v1',
      chunkSize: 4,
      turns: [{ reply: [{ type: 'text', text: 'Appended in format one.' }] }],
    });
    const dir = sessionsDir(harness.waveHome, harness.workdir);
    const id = 'old-session';
    const path = join(dir, `${id}.jsonl`);
    harness.agent.destroy();
    const events = [
      { type: 'session', version: 1, id, workdir: harness.workdir, createdAt: 1 },
      {
        type: 'userMessageAdded',
        message: {
          id: 'u1',
          role: 'user',
          createdAt: 1,
          blocks: [{ type: 'text', content: 'hi', stage: 'end' }],
        },
      },
      { type: 'assistantMessageAdded', messageId: 'a1', createdAt: 2 },
      { type: 'assistantContentUpdated', messageId: 'a1', chunk: 'Hel', stage: 'streaming' },
      { type: 'assistantContentUpdated', messageId: 'a1', chunk: 'lo.', stage: 'streaming' },
      { type: 'assistantMessageFinished', messageId: 'a1', finishReason: 'stop' },
    ];
    mkdirSync(dir, { recursive: true });
    writeFileSync(path, events.map((event) => `${JSON.stringify(event)}\n`).join(''));

    const resumed = await resume(harness, id);
    expect(texts(resumed)).toEqual(['hi', 'Hello.']);
    await resumed.sendMessage('again');
    resumed.destroy();
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines.every((line) => line.startsWith('{'))).toBe(true);
    const again = await resume(harness, id);
    expect(texts(again)).toEqual(['hi', 'Hello.', 'again', 'Appended in format one.']);
    again.destroy();
  });

  it('a WAVE_HOME that cannot hold sessions: the reply still arrives, with one warning that names the file', async () => {
    harness = await startHarness('openai', {
      name: 'unsaved',
      chunkSize: 5,
      turns: [{ reply: [{ type: 'text', text: 'You still get every word of this.' }] }],
    });
    // `sessions` is a file, so no session folder can be made under it.
    rmSync(join(harness.waveHome, 'sessions'), { recursive: true, force: true });
    writeFileSync(join(harness.waveHome, 'sessions'), 'not a folder');
    const result = await harness.agent.sendMessage('hi');
    expect(result.stopReason).toBe('end_turn');
    expect(lastAssistantText(harness.agent)).toBe('You still get every word of this.');
    const warnings = ofType(harness.events, 'noticeAdded');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warning' });
    expect(warnings[0]!.message).toContain(harness.agent.sessionPath!);
    expect(warnings[0]!.message).toMatch(/not being saved.*not a folder \(ENOTDIR\)/);
    harness.expectStateMatchesEvents();
    expect(existsSync(harness.agent.sessionPath!)).toBe(false);
  });
});
