// A group of handlers reaches the agent's parts it names at the top of its file and no others
// (ARCHITECTURE §5): the compiler refuses a part it did not name, and the object it gets holds
// nothing else, so a cast cannot reach the whole bag either.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from '../agent.js';
import { partsOf } from '../agent/agent-parts.js';
import { stderrLogger } from '../logger.js';
import type { HandlerContext } from './method-context.js';
import { sessionParts } from './method-context.js';
import { ServerSession } from './server-session.js';
import { SessionRegistry } from './session-registry.js';

const made: string[] = [];
const agents: Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function contextWithSession(): Promise<{ context: HandlerContext; agent: Agent }> {
  const dir = mkdtempSync(join(tmpdir(), 'wave-session-parts-'));
  made.push(dir);
  const agent = await Agent.create({
    env: {},
    provider: 'demo',
    waveHome: dir,
    workdir: dir,
    persistSession: false,
  });
  agents.push(agent);
  const sessions = new SessionRegistry();
  sessions.add(new ServerSession(agent, stderrLogger, () => undefined));
  const context: HandlerContext = {
    sessions,
    peer: { windowMs: 0, send: () => undefined },
    openSession: () => Promise.reject(new Error('not opened in this test')),
    logger: stderrLogger,
    workdir: dir,
    waveHome: dir,
  };
  return { context, agent };
}

describe('sessionParts', () => {
  it('gives a group the parts it names, the agent’s own, and nothing else', async () => {
    const { context, agent } = await contextWithSession();
    const usedParts = sessionParts('rules', 'workdir');
    const parts = usedParts(context, { sessionId: agent.sessionId }, 'getPermissionRules');
    expect(Object.keys(parts).sort()).toEqual(['rules', 'workdir']);
    expect(parts.rules).toBe(partsOf(agent).rules);
    expect(parts.workdir).toBe(agent.workdir);
    // @ts-expect-error -- the group did not name the hub, so its handlers cannot reach it.
    expect(parts.hub).toBeUndefined();
  });

  it('says which session is missing when the request names none that is open', async () => {
    const { context } = await contextWithSession();
    expect(() =>
      sessionParts('rules')(context, { sessionId: 'no-such-session' }, 'getPermissionRules'),
    ).toThrow(/no-such-session/);
  });
});
