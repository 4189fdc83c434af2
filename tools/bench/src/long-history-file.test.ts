// The long-history session is a real one: Wave reads it back without a skipped line, resumes it
// with every turn's messages, lists it with its title and count, and makes the same bytes twice.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, readSessionFile } from '@wave-agent/agent-sdk';
import { recordTurn, writeSession } from './long-history-file.js';
import type { TurnTemplate } from './long-history-file.js';

const TURNS = 4;

describe('the long-history session file', () => {
  let template: TurnTemplate;
  const homes: string[] = [];
  const home = () => {
    const made = mkdtempSync(join(tmpdir(), 'wave-bench-history-test-'));
    homes.push(made);
    return made;
  };

  beforeAll(async () => {
    template = await recordTurn();
  }, 60_000);

  afterAll(() => {
    for (const made of homes) rmSync(made, { recursive: true, force: true });
  });

  it('reads back whole and resumes with every turn, each with ids of its own', async () => {
    const waveHome = home();
    const written = writeSession(template, {
      waveHome,
      workdir: waveHome,
      id: 'long',
      turns: TURNS,
    });
    const { events, problems } = readSessionFile(written.path);
    expect(problems).toEqual([]);
    expect(events.filter((event) => event.type === 'turnEnded')).toHaveLength(TURNS);
    // Continuation lines: most of the file's lines are deltas written short.
    const lines = readFileSync(written.path, 'utf8').trim().split('\n');
    expect(lines.filter((line) => line.startsWith('"')).length).toBeGreaterThan(TURNS * 5);

    const agent = await Agent.create({
      provider: 'openai',
      model: 'bench',
      baseURL: 'http://127.0.0.1:9/v1',
      apiKey: 'bench',
      env: {},
      waveHome,
      workdir: waveHome,
      resumeSessionId: 'long',
    });
    try {
      const messages = agent.messages;
      expect(messages).toHaveLength(TURNS * 3);
      expect(new Set(messages.map((message) => message.id)).size).toBe(TURNS * 3);
      const replies = messages.filter((_, index) => index % 3 === 2);
      replies.forEach((reply, turn) => {
        const block = reply.blocks[0];
        expect(block?.type === 'text' && block.content.startsWith(`t${turn}w1 `)).toBe(true);
      });
      expect(agent.sessionState.title).toBe('question 0');
    } finally {
      agent.destroy();
    }
    const listed = Agent.listSessions({ waveHome, workdir: waveHome });
    expect(listed.problems).toEqual([]);
    expect(listed.sessions.map(({ title, messageCount }) => ({ title, messageCount }))).toEqual([
      { title: 'question 0', messageCount: TURNS * 3 },
    ]);
  });

  it('writes the same bytes every time, from a turn recorded again', async () => {
    // Ids, times and durations of the recorded turn differ from run to run; the template does not.
    expect((await recordTurn()).json).toBe(template.json);
    const options = { workdir: '/bench/project', id: 'same', turns: TURNS, firstTurn: 7 };
    const first = writeSession(template, { ...options, waveHome: home() });
    const second = writeSession(template, { ...options, waveHome: home() });
    expect(readFileSync(first.path, 'utf8')).toBe(readFileSync(second.path, 'utf8'));
  }, 60_000);
});
