import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PATIENT_RETRY as PATIENT,
  restoreInNewAgent,
  startHarness,
} from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

/** Waits for a condition, polling; bounded, so a broken feature fails instead of hanging. */
async function until<T>(what: string, check: () => T | undefined | false, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const callTool = (name: string, input: Record<string, unknown>, then: string): Scenario => ({
  name,
  turns: [
    { reply: [{ type: 'tool_call', name, input }] },
    { reply: [{ type: 'text', text: then }] },
  ],
});

function toolResults(agent: Harness['agent'], name: string): string[] {
  return agent.messages
    .flatMap((message) => message.blocks)
    .flatMap((block) =>
      block.type === 'tool' && block.name === name ? [block.result ?? block.error ?? ''] : [],
    );
}

describe('background commands', () => {
  it('return an id at once, stream into session state and a file, read new output, stop on KillBash, and survive a restore', async () => {
    harness = await startHarness(
      'openai',
      callTool(
        'Bash',
        {
          command: "printf 'line one\\n'; sleep 0.2; printf 'line two\\n'; echo $$ > pid; sleep 60",
          run_in_background: true,
          description: 'Start the server',
        },
        'Started it.',
      ),
      { allowedTools: ['Bash'], retry: PATIENT },
    );
    const { agent, workdir, waveHome } = harness;
    await agent.sendMessage('start the server');
    const [started] = toolResults(agent, 'Bash');
    const id = /ID: (bash_\w+)/.exec(started ?? '')?.[1];
    expect(id, started).toBeDefined();
    // The turn ended while the command runs on.
    expect(agent.sessionState.backgroundTasks).toHaveLength(1);
    const task = await until('the second line in the state', () =>
      agent.sessionState.backgroundTasks.find((t) => t.tail.includes('line two')),
    );
    expect(task).toMatchObject({ id, status: 'running', description: 'Start the server' });
    expect(task.outputSize).toBe('line one\nline two\n'.length);
    expect(task.outputPath.startsWith(join(waveHome, 'tasks', agent.sessionId))).toBe(true);
    expect(readFileSync(task.outputPath, 'utf8')).toBe('line one\nline two\n');
    const pid = Number(
      await until(
        'the pid file',
        () => existsSync(join(workdir, 'pid')) && readFileSync(join(workdir, 'pid'), 'utf8').trim(),
      ),
    );

    // BashOutput: everything new, then nothing new; a filter keeps matching lines.
    harness.mock.setScenario(callTool('BashOutput', { bash_id: id }, 'Read it.'));
    await agent.sendMessage('read it');
    harness.mock.setScenario(callTool('BashOutput', { bash_id: id }, 'Read it again.'));
    await agent.sendMessage('read it again');
    const [first, second] = toolResults(agent, 'BashOutput');
    expect(first).toContain('Status: running');
    expect(first).toContain('line one\nline two');
    expect(second).toContain('(no new output)');
    // The model read it: the result is in the next request.
    expect(JSON.stringify(harness.mock.requests.at(-3)?.body)).toContain('line one\\nline two');

    harness.mock.setScenario(callTool('KillBash', { shell_id: id }, 'Stopped.'));
    await agent.sendMessage('stop it');
    expect(toolResults(agent, 'KillBash')[0]).toContain(`Stopped ${id}`);
    const killed = await until('the end of the task', () =>
      agent.sessionState.backgroundTasks.find((t) => t.status !== 'running'),
    );
    expect(killed).toMatchObject({
      status: 'killed',
      exitCode: null,
      reason: 'KillBash stopped it.',
    });
    await until('the process to be gone', () => !processAlive(pid));
    harness.expectStateMatchesEvents();

    const sessionId = agent.sessionId;
    agent.destroy();
    const restored = await restoreInNewAgent(harness, sessionId);
    try {
      expect(restored.sessionState.backgroundTasks).toStrictEqual([{ ...killed, tail: '' }]);
    } finally {
      restored.destroy();
    }
  });

  it('stop when the session ends, and say so in the session', async () => {
    harness = await startHarness(
      'anthropic',
      callTool('Bash', { command: 'echo $$ > pid; sleep 60', run_in_background: true }, 'Started.'),
      { allowedTools: ['Bash'], retry: PATIENT },
    );
    const { agent, workdir } = harness;
    await agent.sendMessage('start it');
    const pid = Number(
      await until(
        'the pid file',
        () => existsSync(join(workdir, 'pid')) && readFileSync(join(workdir, 'pid'), 'utf8').trim(),
      ),
    );
    const sessionId = agent.sessionId;
    agent.destroy();
    await until('the process to be gone', () => !processAlive(pid));

    const restored = await restoreInNewAgent(harness, sessionId);
    try {
      expect(restored.sessionState.backgroundTasks[0]).toMatchObject({
        status: 'killed',
        reason: 'Wave stopped it because its session ended.',
      });
      const notices = restored.messages.flatMap((message) =>
        message.blocks.flatMap((block) => (block.type === 'notice' ? [block.message] : [])),
      );
      expect(notices).toContain(
        'Stopped a background command as the session ended: echo $$ > pid; sleep 60',
      );
    } finally {
      restored.destroy();
    }
  });

  it('answers an unknown id with a sentence', async () => {
    harness = await startHarness(
      'openai',
      callTool('BashOutput', { bash_id: 'bash_nope' }, 'Hm.'),
      {
        retry: PATIENT,
      },
    );
    await harness.agent.sendMessage('read');
    expect(toolResults(harness.agent, 'BashOutput')[0]).toContain(
      'There is no background command with id "bash_nope" in this session.',
    );
  });
});
