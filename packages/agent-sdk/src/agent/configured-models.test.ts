// Configured models against two real model servers (tools/mock-llm, real HTTP and SSE): each
// model's requests go to its own endpoint with its own key (read from the variable it names),
// switching moves the next turn, /btw, compaction and subagents use the model settings chose
// for them, and the list is session state that survives a restore.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent } from '../agent.js';
import type { AgentOptions } from '../agent.js';
import type { ModelSettings } from '../model/model-setup.js';

const ENV = { KEY_A: 'key-of-a', KEY_B: 'key-of-b' };

/** Every request answers with the server's name, so a reply says where it was sent. */
function answering(name: string): Scenario {
  return {
    name,
    turns: Array.from({ length: 12 }, () => ({
      reply: [{ type: 'text', text: `${name} says hi` }],
    })),
  };
}

let a: MockLlm;
let b: MockLlm;
let workdir: string;
let waveHome: string;
let agents: Agent[] = [];

beforeEach(async () => {
  a = await start({ scenario: answering('server-a') });
  b = await start({ scenario: answering('server-b') });
  workdir = mkdtempSync(join(tmpdir(), 'wave-work-'));
  waveHome = mkdtempSync(join(tmpdir(), 'wave-home-'));
});

afterEach(async () => {
  for (const agent of agents) agent.destroy();
  agents = [];
  await a.close();
  await b.close();
  rmSync(workdir, { recursive: true, force: true });
  rmSync(waveHome, { recursive: true, force: true });
});

function settings(extra: Partial<ModelSettings> = {}): ModelSettings {
  return {
    models: {
      alpha: { provider: 'openai', model: 'model-a', baseURL: `${a.url}/v1`, apiKeyEnv: 'KEY_A' },
      // The other wire format too: Anthropic's base URL has no /v1.
      beta: { provider: 'anthropic', model: 'model-b', baseURL: b.url, apiKeyEnv: 'KEY_B' },
    },
    defaultModel: 'alpha',
    ...extra,
  };
}

async function agentWith(
  files: ModelSettings,
  options: Partial<AgentOptions> = {},
): Promise<Agent> {
  const agent = await Agent.create({
    env: ENV,
    workdir,
    waveHome,
    settings: files,
    retry: { maxRetries: 0, baseDelayMs: 10, idleTimeoutMs: 60_000 },
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    ...options,
  });
  agents.push(agent);
  return agent;
}

/** What each server was sent: the model asked for and the key it carried. */
function sent(server: MockLlm): { model: unknown; key: unknown }[] {
  return server.requests.map((request) => ({
    model: (request.body as { model?: unknown }).model,
    key: request.headers.authorization ?? request.headers['x-api-key'],
  }));
}

async function btwAnswer(agent: Agent, question: string): Promise<string> {
  const btwId = agent.askBtw(question);
  for (let waited = 0; waited < 15_000; waited += 20) {
    const btw = agent.sessionState.btw;
    if (btw?.btwId === btwId && btw.stage !== 'answering') return btw.error ?? btw.answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The side question was not answered within 15 s.');
}

describe('two configured models on two servers', () => {
  it('the default goes to its server with its key; a switch sends the next turn to the other, with the other key', async () => {
    const agent = await agentWith(settings());
    await agent.sendMessage('first');
    expect(sent(a)).toEqual([{ model: 'model-a', key: 'Bearer key-of-a' }]);
    expect(b.requests).toHaveLength(0);

    agent.setModel('beta');
    expect(agent.sessionState.model).toMatchObject({
      name: 'beta',
      provider: 'anthropic',
      model: 'model-b',
    });
    await agent.sendMessage('second');
    expect(sent(b)).toEqual([{ model: 'model-b', key: 'key-of-b' }]);
    expect(a.requests).toHaveLength(1);
    expect(agent.messages.at(-1)?.blocks).toMatchObject([{ content: 'server-b says hi' }]);

    // A plain model id keeps the current endpoint and key.
    agent.setModel('model-b2');
    await agent.sendMessage('third');
    expect(sent(b).at(-1)).toEqual({ model: 'model-b2', key: 'key-of-b' });
    expect(agent.sessionState.model.name).toBeUndefined();
  });

  it('a model whose key variable is not set is refused with a sentence, and nothing changes', async () => {
    const agent = await agentWith(settings(), { env: { KEY_A: 'key-of-a' } });
    expect(() => agent.setModel('beta')).toThrow(/\$KEY_B, which is not set: set it/);
    expect(agent.sessionState.model).toMatchObject({ name: 'alpha' });
    await agent.sendMessage('still here');
    expect(b.requests).toHaveLength(0);
  });

  it('/btw uses modelFor.btw, while the conversation stays on the current model', async () => {
    const agent = await agentWith(settings({ modelFor: { btw: 'beta' } }));
    await agent.sendMessage('first');
    expect(await btwAnswer(agent, 'by the way?')).toBe('server-b says hi');
    expect(sent(b)).toEqual([{ model: 'model-b', key: 'key-of-b' }]);
    await agent.sendMessage('second');
    expect(a.requests).toHaveLength(2);
    expect(b.requests).toHaveLength(1);
  });

  it('/btw without modelFor.btw asks the current model', async () => {
    const agent = await agentWith(settings());
    expect(await btwAnswer(agent, 'by the way?')).toBe('server-a says hi');
    expect(b.requests).toHaveLength(0);
  });

  it('compaction uses modelFor.compact', async () => {
    const agent = await agentWith(settings({ modelFor: { compact: 'beta' } }));
    await agent.sendMessage('first');
    expect(await agent.compact()).toEqual({ ok: true });
    expect(sent(b)).toEqual([{ model: 'model-b', key: 'key-of-b' }]);
    expect(a.requests).toHaveLength(1);
  });

  it('a /btw model that cannot be used ends the answer with the reason', async () => {
    const agent = await agentWith(settings({ modelFor: { btw: 'beta' } }), {
      env: { KEY_A: 'key-of-a' },
    });
    expect(await btwAnswer(agent, 'by the way?')).toMatch(/\$KEY_B, which is not set/);
  });
});

describe('subagents and configured models', () => {
  const taskCall = (kind: string): Scenario => ({
    name: `launch ${kind}`,
    turns: [
      {
        match: { lastToolResultContains: 'says hi' },
        reply: [{ type: 'text', text: 'done' }],
      },
      {
        match: { lastUserContains: 'delegate' },
        reply: [
          {
            type: 'tool_call',
            id: 'task_1',
            name: 'Agent',
            input: { description: 'look', prompt: 'the sub-task', subagent_type: kind },
          },
        ],
      },
      {
        match: { lastUserContains: 'sub-task' },
        reply: [{ type: 'text', text: 'server-a says hi' }],
      },
    ],
  });

  function agentFile(folder: string, name: string, model: string): void {
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, `${name}.md`),
      `---\nname: ${name}\ndescription: Looks\nmodel: ${model}\n---\nLook.`,
    );
  }

  it("a user's agent file may name a configured model; the child's requests go to its server", async () => {
    a.setScenario(taskCall('reviewer'));
    agentFile(join(waveHome, 'agents'), 'reviewer', 'beta');
    const agent = await agentWith(settings());
    await agent.sendMessage('delegate');
    expect(sent(b)).toEqual([{ model: 'model-b', key: 'key-of-b' }]);
    expect(a.requests).toHaveLength(2);
  });

  it("a project's agent file cannot choose the model: it runs on modelFor.subagent or the current one", async () => {
    a.setScenario(taskCall('sneaky'));
    agentFile(join(workdir, '.wave', 'agents'), 'sneaky', 'beta');
    const agent = await agentWith(settings());
    await agent.sendMessage('delegate');
    expect(b.requests).toHaveLength(0);
    expect(sent(a).map((request) => request.model)).toEqual(['model-a', 'model-a', 'model-a']);
  });

  it('modelFor.subagent serves subagents whose file names no model', async () => {
    a.setScenario(taskCall('Explore'));
    const agent = await agentWith(settings({ modelFor: { subagent: 'beta' } }));
    await agent.sendMessage('delegate');
    expect(sent(b)).toEqual([{ model: 'model-b', key: 'key-of-b' }]);
  });
});

describe('the configured models in the session state', () => {
  it('are listed with purpose marks and no keys, kept through /clear and a restore in a new agent', async () => {
    const agent = await agentWith(settings({ modelFor: { btw: 'beta' } }));
    const listed = [
      { name: 'alpha', provider: 'openai', model: 'model-a', purposes: ['default'] },
      { name: 'beta', provider: 'anthropic', model: 'model-b', purposes: ['btw'] },
    ];
    expect(agent.sessionState.models).toEqual(listed);
    expect(JSON.stringify(agent.sessionState)).not.toMatch(/key-of-|127\.0\.0\.1/);
    agent.setModel('beta');
    await agent.sendMessage('remember me');
    const { sessionId } = agent;
    await agent.clear();
    expect(agent.sessionState.models).toEqual(listed);

    const resumed = await agentWith(settings({ modelFor: { btw: 'beta' } }), {
      resumeSessionId: sessionId,
    });
    expect(resumed.sessionState.models).toEqual(listed);
    // The session was switched to beta (a modelChanged in its file): it is put back.
    expect(resumed.sessionState.model).toMatchObject({ name: 'beta', model: 'model-b' });
    expect(resumed.messages.map((message) => message.role)).toEqual(['user', 'assistant']);

    // A run that names its model keeps it.
    const named = await agentWith(settings({ modelFor: { btw: 'beta' } }), {
      resumeSessionId: sessionId,
      model: 'alpha',
    });
    expect(named.sessionState.model).toMatchObject({ name: 'alpha', model: 'model-a' });
  });
});
