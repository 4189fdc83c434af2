import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PATIENT_RETRY as PATIENT,
  baseURLFor,
  restoreInNewAgent,
  startHarness,
} from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';
import { Agent } from '../agent.js';

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
  it('return an id at once, stream into session state and a file, read new output, stop on TaskStop, and survive a restore', async () => {
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

    // TaskOutput: everything new, then nothing new; a filter keeps matching lines.
    harness.mock.setScenario(callTool('TaskOutput', { task_id: id }, 'Read it.'));
    await agent.sendMessage('read it');
    harness.mock.setScenario(callTool('TaskOutput', { task_id: id }, 'Read it again.'));
    await agent.sendMessage('read it again');
    const [first, second] = toolResults(agent, 'TaskOutput');
    expect(first).toContain('Status: running');
    expect(first).toContain('line one\nline two');
    expect(second).toContain('(no new output)');
    // The model read it: the result is in the next request.
    expect(JSON.stringify(harness.mock.requests.at(-3)?.body)).toContain('line one\\nline two');

    harness.mock.setScenario(callTool('TaskStop', { task_id: id }, 'Stopped.'));
    await agent.sendMessage('stop it');
    expect(toolResults(agent, 'TaskStop')[0]).toContain(`Stopped ${id}`);
    const killed = await until('the end of the task', () =>
      agent.sessionState.backgroundTasks.find((t) => t.status !== 'running'),
    );
    expect(killed).toMatchObject({
      status: 'killed',
      exitCode: null,
      reason: 'TaskStop stopped it.',
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

  it('after it ended, a read returns what was not read before, once, with the exit status; so does a read after a restore', async () => {
    harness = await startHarness(
      'openai',
      callTool(
        'Bash',
        {
          command:
            "printf 'early\\n'; while [ ! -e go ]; do sleep 0.05; done; printf 'late\\n'; exit 3",
          run_in_background: true,
        },
        'Started.',
      ),
      { allowedTools: ['Bash'], retry: PATIENT },
    );
    const { agent, workdir, mock } = harness;
    await agent.sendMessage('start it');
    const id = /ID: (bash_\w+)/.exec(toolResults(agent, 'Bash')[0] ?? '')?.[1] ?? 'no id';
    await until('the first line', () =>
      agent.sessionState.backgroundTasks.find((t) => t.tail.includes('early')),
    );
    const readIt = async (on: Agent): Promise<string> => {
      mock.setScenario(callTool('TaskOutput', { task_id: id }, 'Read it.'));
      await on.sendMessage('read it');
      return toolResults(on, 'TaskOutput').at(-1) ?? 'no result';
    };

    const whileRunning = await readIt(agent);
    expect(whileRunning).toContain('Status: running');
    expect(whileRunning).toContain('early');

    writeFileSync(join(workdir, 'go'), '');
    await until('the end of the task', () =>
      agent.sessionState.backgroundTasks.find((t) => t.status !== 'running'),
    );
    // The end closed the file the command wrote to; the output it had not read is still there.
    const afterEnd = await readIt(agent);
    expect(afterEnd).toBe('Status: failed (exit code 3)\n\nlate');
    expect(await readIt(agent)).toBe('Status: failed (exit code 3)\n\n(no new output)');
    expect(harness.logs).toEqual([]);

    const sessionId = agent.sessionId;
    agent.destroy();
    // A later run of the session, with a model that can call tools.
    const restored = await Agent.create({
      provider: 'openai',
      model: 'mock-model',
      baseURL: baseURLFor('openai', mock.url),
      apiKey: 'test-key',
      env: {},
      workdir,
      waveHome: harness.waveHome,
      retry: PATIENT,
      resumeSessionId: sessionId,
    });
    try {
      const first = await readIt(restored);
      expect(first).toContain('Status: failed (exit code 3)\n\nearly\nlate\n');
      expect(first).toContain('It was started by an earlier run of this session');
      expect(await readIt(restored)).toBe('Status: failed (exit code 3)\n\n(no new output)');
    } finally {
      restored.destroy();
    }
  });

  it('after it ended with nothing unread, a read says so with the exit status', async () => {
    harness = await startHarness(
      'anthropic',
      callTool(
        'Bash',
        {
          command: "printf 'all of it\\n'; while [ ! -e go ]; do sleep 0.05; done",
          run_in_background: true,
        },
        'Started.',
      ),
      { allowedTools: ['Bash'], retry: PATIENT },
    );
    const { agent, workdir, mock } = harness;
    await agent.sendMessage('start it');
    const id = /ID: (bash_\w+)/.exec(toolResults(agent, 'Bash')[0] ?? '')?.[1] ?? 'no id';
    await until('the output', () =>
      agent.sessionState.backgroundTasks.find((t) => t.tail.includes('all of it')),
    );
    mock.setScenario(callTool('TaskOutput', { task_id: id }, 'Read it.'));
    await agent.sendMessage('read it');
    writeFileSync(join(workdir, 'go'), '');
    await until('the end of the task', () =>
      agent.sessionState.backgroundTasks.find((t) => t.status === 'completed'),
    );
    mock.setScenario(callTool('TaskOutput', { task_id: id }, 'Read it again.'));
    await agent.sendMessage('read it again');
    expect(toolResults(agent, 'TaskOutput')).toEqual([
      'Status: running\n\nall of it',
      'Status: completed (exit code 0)\n\n(no new output)',
    ]);
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
      callTool('TaskOutput', { task_id: 'bash_nope' }, 'Hm.'),
      {
        retry: PATIENT,
      },
    );
    await harness.agent.sendMessage('read');
    expect(toolResults(harness.agent, 'TaskOutput')[0]).toContain(
      'There is no background command with id "bash_nope" in this session.',
    );
  });

  it("runs a call made under Claude Code's old names and fields (BashOutput's bash_id) as TaskOutput", async () => {
    harness = await startHarness('openai', callTool('BashOutput', { bash_id: 'bash_old' }, 'Hm.'), {
      retry: PATIENT,
    });
    await harness.agent.sendMessage('read');
    expect(toolResults(harness.agent, 'BashOutput')[0]).toContain(
      'There is no background command with id "bash_old" in this session.',
    );
  });
});
