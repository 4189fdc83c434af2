import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from '../agent.js';
import { expandNumberedWords } from '../test-support/numbered-words.js';
import { lastAssistantText, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';
import { SessionFileError } from './session-reader.js';
import { INTERRUPTED_TURN } from './restore-session.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const here = dirname(fileURLToPath(import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx');

describe('session persistence', () => {
  it('survives kill -9 mid-stream with every chunk emitted before the kill, and nothing twice', async () => {
    const mock = await start({
      scenario: {
        name: 'long',
        chunkSize: 6,
        delayMs: 4,
        turns: [{ reply: [{ type: 'text', numberedWords: { count: 3000 } }] }],
      },
    });
    const waveHome = mkdtempSync(join(tmpdir(), 'wave-kill-'));
    const child = spawn(
      process.execPath,
      [
        '--conditions=@wave-agent/source',
        '--import',
        tsx,
        join(here, '../test-support/streaming-child.ts'),
      ],
      {
        env: { ...process.env, MOCK_URL: mock.url, WAVE_HOME: waveHome, WORKDIR: waveHome },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let sessionId = '';
    const printed: string[] = [];
    let buffer = '';
    const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
    await new Promise<void>((enough, fail) => {
      const timer = setTimeout(
        () => fail(new Error('the child printed too few chunks in 20 s')),
        20_000,
      );
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (data: string) => {
        buffer += data;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith('SESSION ')) sessionId = line.slice(8);
          if (line.startsWith('CHUNK ')) printed.push(JSON.parse(line.slice(6)) as string);
        }
        if (printed.length >= 40) {
          clearTimeout(timer);
          child.kill('SIGKILL');
          enough();
        }
      });
    });
    await exited;
    await mock.close();

    const agent = await Agent.create({
      env: {},
      workdir: waveHome,
      waveHome,
      resumeSessionId: sessionId,
      persistSession: true,
    });
    const restored = lastAssistantText(agent);
    const full = expandNumberedWords(3000);
    expect(restored.startsWith(printed.join(''))).toBe(true);
    expect(full.startsWith(restored)).toBe(true);
    // The interrupted reply is closed, not shown as still streaming, and a notice marks where the
    // crash cut it off; the turn it belonged to has ended.
    const reply = agent.messages.findLast((message) => message.role === 'assistant')!;
    for (const block of reply.blocks) expect(block).toMatchObject({ stage: 'end' });
    expect(agent.messages.at(-1)!.blocks).toEqual([
      { type: 'notice', level: 'warning', message: INTERRUPTED_TURN },
    ]);
    expect(agent.sessionState.status).toEqual({ type: 'idle' });
    agent.destroy();
    rmSync(waveHome, { recursive: true, force: true });
  }, 40_000);

  it('restores reasoning times, tool results, usage and compact blocks after a restart', async () => {
    harness = await startHarness('anthropic', {
      name: 'restore',
      turns: [
        {
          reply: [
            { type: 'reasoning', text: 'Look first.' },
            { type: 'tool_call', id: 't1', name: 'LS', input: { path: '.' } },
          ],
        },
        {
          reply: [{ type: 'text', text: 'There is a notes file.' }],
          usage: { inputTokens: 50, outputTokens: 7 },
        },
        { reply: [{ type: 'text', text: 'Summary: we listed files.' }] },
      ],
    });
    writeFileSync(join(harness.workdir, 'notes.md'), 'x');
    await harness.agent.sendMessage('list');
    await harness.agent.compact();
    const before = harness.agent.messages;
    const again = await Agent.create({
      env: {},
      workdir: harness.workdir,
      waveHome: harness.waveHome,
      resumeSessionId: harness.agent.sessionId,
    });
    expect(again.messages).toEqual(before);
    const reasoning = again.messages.flatMap((m) => m.blocks).find((b) => b.type === 'reasoning');
    expect(reasoning?.type === 'reasoning' && reasoning.endedAt! >= reasoning.startedAt!).toBe(
      true,
    );
    expect(again.messages.flatMap((m) => m.blocks).find((b) => b.type === 'tool')).toMatchObject({
      stage: 'end',
      result: expect.stringContaining('notes.md'),
    });
    expect(again.usage.outputTokens).toBe(harness.agent.usage.outputTokens);
    expect(again.messages.at(-1)!.blocks[0]).toMatchObject({
      type: 'compact',
      summary: 'Summary: we listed files.',
    });
    again.destroy();
  });

  it('skips a torn last line with a notice, and names a file that is not a session', async () => {
    harness = await startHarness('openai', {
      name: 't',
      turns: [{ reply: [{ type: 'text', text: 'Kept.' }] }],
    });
    await harness.agent.sendMessage('hi');
    const path = harness.agent.sessionPath!;
    appendFileSync(path, '{"type":"assistantContentUpd');
    const again = await Agent.create({
      env: {},
      workdir: harness.workdir,
      waveHome: harness.waveHome,
      resumeSessionId: harness.agent.sessionId,
    });
    expect(lastAssistantText(again)).toBe('Kept.');
    const notice = again.messages.at(-1)!.blocks[0];
    expect(notice).toMatchObject({ type: 'notice' });
    expect(notice?.type === 'notice' && notice.message).toMatch(/last line .* was cut off/);
    again.destroy();

    writeFileSync(path, 'this is not json\n');
    await expect(
      Agent.create({
        env: {},
        workdir: harness.workdir,
        waveHome: harness.waveHome,
        resumeSessionId: harness.agent.sessionId,
      }),
    ).rejects.toThrow(SessionFileError);
    try {
      await Agent.create({
        env: {},
        workdir: harness.workdir,
        waveHome: harness.waveHome,
        resumeSessionId: harness.agent.sessionId,
      });
    } catch (error) {
      expect(String(error)).toContain(path);
      expect(String(error)).toMatch(/not a Wave session/);
    }
  });

  it('lists sessions with title, time and message count, newest first', async () => {
    harness = await startHarness('openai', {
      name: 'list',
      turns: [
        { reply: [{ type: 'text', text: 'one' }] },
        { reply: [{ type: 'text', text: 'two' }] },
      ],
    });
    await harness.agent.sendMessage('First question\nwith a second line');
    const firstId = harness.agent.sessionId;
    await harness.agent.clear();
    await harness.agent.sendMessage('Second session');
    const { sessions, problems } = harness.agent.listSessions();
    expect(problems).toEqual([]);
    expect(sessions.map((s) => s.title)).toEqual(['Second session', 'First question']);
    expect(sessions[1]).toMatchObject({ id: firstId, messageCount: 2, workdir: harness.workdir });
    // Without the sidecar the listing rebuilds the summary from the session itself.
    rmSync(sessions[1]!.path.replace(/\.jsonl$/, '.summary.json'));
    expect(
      Agent.listSessions({ workdir: harness.workdir, waveHome: harness.waveHome }).sessions[1],
    ).toMatchObject({ title: 'First question', messageCount: 2 });
  });

  it('/clear starts an empty conversation in a new session and keeps the old one on disk', async () => {
    harness = await startHarness('openai', {
      name: 'c',
      turns: [{ reply: [{ type: 'text', text: 'Hello.' }] }],
    });
    await harness.agent.sendMessage('hi');
    const old = { id: harness.agent.sessionId, path: harness.agent.sessionPath! };
    await harness.agent.clear();
    expect(harness.agent.messages).toEqual([]);
    expect(harness.agent.sessionId).not.toBe(old.id);
    // Every host gets the new, empty session in one event, named by its new id.
    expect(harness.events.at(-1)).toMatchObject({
      type: 'sessionReplaced',
      state: {
        sessionId: harness.agent.sessionId,
        conversation: { messages: [] },
        status: { type: 'idle' },
      },
    });
    harness.expectStateMatchesEvents();
    expect(readFileSync(old.path, 'utf8')).toContain('Hello.');
  });
});
