// A host may name a new session before its agent exists (AgentOptions.newSessionId): the
// session is stored under that name, and a name that is no id, or one a stored session already
// has, is refused before anything is written.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from '../agent.js';
import { SessionFileError } from './session-reader.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wave-new-id-'));
  made.push(dir);
  return dir;
}

function demoAgent(waveHome: string, workdir: string, newSessionId: string): Promise<Agent> {
  return Agent.create({ env: {}, provider: 'demo', waveHome, workdir, newSessionId });
}

describe('AgentOptions.newSessionId', () => {
  it('starts the new session under the given id, and that is the file it is stored in', async () => {
    const waveHome = tempDir();
    const workdir = tempDir();
    const agent = await demoAgent(waveHome, workdir, 'chosen-id-1');
    expect(agent.sessionId).toBe('chosen-id-1');
    await agent.sendMessage('hello');
    agent.destroy();
    expect(Agent.listSessions({ waveHome, workdir }).sessions.map((session) => session.id)).toEqual(
      ['chosen-id-1'],
    );
  });

  it('refuses an id a stored session of the folder already has: one id, one file', async () => {
    const waveHome = tempDir();
    const workdir = tempDir();
    const first = await demoAgent(waveHome, workdir, 'taken');
    await first.sendMessage('hello');
    first.destroy();
    await expect(demoAgent(waveHome, workdir, 'taken')).rejects.toThrow(
      /already has the id taken; open it \(resume\)/,
    );
  });

  it('refuses what is not an id before anything is written', async () => {
    const waveHome = tempDir();
    const workdir = tempDir();
    await expect(demoAgent(waveHome, workdir, '../../escape')).rejects.toBeInstanceOf(
      SessionFileError,
    );
    expect(readdirSync(waveHome)).toEqual([]);
  });
});
