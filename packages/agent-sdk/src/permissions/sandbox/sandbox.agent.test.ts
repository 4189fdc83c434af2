// The sandbox as a user meets it: real bubblewrap running real commands that a model (mock-llm
// over real HTTP) asks the Agent to run, in the default permission mode.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolBlock } from '@wave-agent/shared-protocol';
import { sleepersWith, waitUntil } from '@wave-agent/mock-llm/processes';
import { afterEach, describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../permission-request.js';
import { startHarness } from '../../test-support/agent-harness.js';
import type { Harness } from '../../test-support/agent-harness.js';
import type { AgentOptions } from '../../agent.js';

let harness: Harness | undefined;
const cleanups: (() => void | Promise<void>)[] = [];

afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function temp(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), `wave-sandbox-test-${prefix}-`));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** One Bash call (foreground or background), then a closing text. */
function bashScenario(command: string, background = false) {
  return {
    name: 'sandboxed bash',
    turns: [
      {
        reply: [
          {
            type: 'tool_call' as const,
            id: 'b1',
            name: 'Bash',
            input: { command, ...(background ? { run_in_background: true } : {}) },
          },
        ],
      },
      { reply: [{ type: 'text' as const, text: 'Done.' }] },
    ],
  };
}

async function runBash(command: string, options: Partial<AgentOptions>): Promise<ToolBlock> {
  harness = await startHarness('anthropic', bashScenario(command), options);
  await harness.agent.sendMessage('run it');
  const block = harness.agent.messages
    .flatMap((message) => message.blocks)
    .find((candidate): candidate is ToolBlock => candidate.type === 'tool');
  if (!block) throw new Error('no tool block');
  return block;
}

const ON = { enabled: true } as const;

describe('Bash in the bubblewrap sandbox', () => {
  it('runs without asking in the default mode, writes inside the work folder, and says it was sandboxed', async () => {
    const workdir = temp('work');
    const block = await runBash('echo inside > made.txt && cat made.txt', {
      workdir,
      sandbox: ON,
    });
    expect(block.error).toBeUndefined();
    expect(block.sandboxed).toBe(true);
    expect(readFileSync(join(workdir, 'made.txt'), 'utf8')).toBe('inside\n');
    expect(harness!.agent.sessionState.sandbox).toMatchObject({ state: 'on', program: 'bwrap' });
    harness!.expectStateMatchesEvents();
  });

  it('off, nothing changes: Bash is asked about as before, and the card says nothing of a sandbox', async () => {
    const asked: string[] = [];
    const block = await runBash('echo plain', {
      workdir: temp('work'),
      canUseTool: (request) => {
        asked.push(request.reason);
        return { decision: 'allow' };
      },
    });
    expect(asked).toEqual(['Bash runs commands on your machine']);
    expect(block.result).toBe('plain');
    expect(block).not.toHaveProperty('sandboxed');
    expect(harness!.agent.sessionState.sandbox).toMatchObject({ state: 'off' });
  });

  it('a deny rule holds in the sandbox too: the command is not run', async () => {
    const workdir = temp('work');
    const file = join(workdir, '.wave', 'settings.json');
    const block = await runBash('rm -f keep.txt', {
      workdir,
      sandbox: ON,
      permissionSettings: [
        {
          file,
          kind: 'user',
          baseDir: workdir,
          value: { deny: ['Bash(rm:*)'] },
          locate: (keyPath) => `${file}:${keyPath}`,
        },
      ],
    });
    expect(block.error).toMatch(/denies it/);
    expect(block.result).toBeUndefined();
  });

  it('cannot write outside the work folder: the write fails and the file does not exist', async () => {
    const outside = temp('outside');
    const target = join(outside, 'escaped.txt');
    const block = await runBash(`echo out > ${target}`, { workdir: temp('work'), sandbox: ON });
    expect(block.sandboxed).toBe(true);
    expect(block.result).toMatch(/Read-only file system/);
    expect(existsSync(target)).toBe(false);
  });

  it('may write a folder listed in allowWrite', async () => {
    const outside = temp('outside');
    const target = join(outside, 'allowed.txt');
    const block = await runBash(`echo out > ${target}`, {
      workdir: temp('work'),
      sandbox: { enabled: true, allowWrite: [outside] },
    });
    expect(block.error).toBeUndefined();
    expect(readFileSync(target, 'utf8')).toBe('out\n');
  });

  it('hides $HOME/.ssh (and $WAVE_HOME) unless allowRead lists it', async () => {
    const home = temp('home');
    mkdirSync(join(home, '.ssh'));
    writeFileSync(join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY');
    const command = `cat ${join(home, '.ssh', 'id_ed25519')}`;
    const hidden = await runBash(command, {
      workdir: temp('work'),
      sandbox: ON,
      env: { HOME: home },
    });
    expect(hidden.sandboxed).toBe(true);
    expect(hidden.result).not.toMatch(/PRIVATE KEY/);
    expect(hidden.result).toMatch(/No such file or directory|Exit code 1/);
    await harness!.dispose();

    const shown = await runBash(command, {
      workdir: temp('work'),
      sandbox: { enabled: true, allowRead: ['~/.ssh'] },
      env: { HOME: home },
    });
    expect(shown.result).toBe('PRIVATE KEY');
  });

  describe('network', () => {
    let server: Server;
    let url: string;
    afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const listen = async () => {
      server = createServer((_request, response) => response.end('hello from the host'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    };
    const fetchCommand = () =>
      `node -e "fetch('${url}').then((r) => r.text()).then((t) => console.log('got', t))"`;

    it('is cut off with network off', async () => {
      await listen();
      const block = await runBash(fetchCommand(), { workdir: temp('work'), sandbox: ON });
      expect(block.sandboxed).toBe(true);
      expect(block.result).not.toMatch(/got hello/);
      expect(block.result).toMatch(/fetch failed/);
    });

    it('reaches the server with network on', async () => {
      await listen();
      const block = await runBash(fetchCommand(), {
        workdir: temp('work'),
        sandbox: { enabled: true, network: true },
      });
      expect(block.result).toBe('got hello from the host');
    });
  });

  it('offers a command the sandbox made fail to run once outside, with the reason', async () => {
    const outside = temp('outside');
    const target = join(outside, 'agreed.txt');
    const asked: PermissionRequest[] = [];
    const block = await runBash(`echo out > ${target}`, {
      workdir: temp('work'),
      sandbox: ON,
      canUseTool: (request) => {
        asked.push(request);
        return { decision: 'allow' };
      },
    });
    expect(asked.map((request) => request.reason)).toEqual([
      expect.stringMatching(
        /failed in the sandbox: it tried to write outside the work folder.*Run it once outside the sandbox\?/,
      ),
    ]);
    expect(readFileSync(target, 'utf8')).toBe('out\n');
    expect(block.sandboxed).toBe(false);
    expect(block.result).toMatch(/Run outside the sandbox, as the user agreed/);
  });

  it('keeps the sandboxed failure when the user says no', async () => {
    const target = join(temp('outside'), 'refused.txt');
    const block = await runBash(`echo out > ${target}`, {
      workdir: temp('work'),
      sandbox: ON,
      canUseTool: () => ({ decision: 'deny' }),
    });
    expect(existsSync(target)).toBe(false);
    expect(block.sandboxed).toBe(true);
    expect(block.result).toMatch(/chose not to run it outside/);
  });
});

describe('! commands in the sandbox', () => {
  it('run under bwrap too: a write outside fails, one inside works, and the block says sandboxed', async () => {
    const workdir = temp('work');
    const target = join(temp('outside'), 'bang.txt');
    harness = await startHarness(
      'anthropic',
      { name: 'unused', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      { workdir, sandbox: ON },
    );
    expect(await harness.agent.runBang(`echo out > ${target}`)).toBe(1);
    expect(existsSync(target)).toBe(false);
    expect(await harness.agent.runBang('echo in > bang.txt')).toBe(0);
    expect(readFileSync(join(workdir, 'bang.txt'), 'utf8')).toBe('in\n');
    const bangs = harness.agent.messages
      .flatMap((message) => message.blocks)
      .filter((block) => block.type === 'bang');
    expect(bangs.map((block) => block.sandboxed)).toEqual([true, true]);
    expect(bangs[0]?.output).toMatch(/Read-only file system/);
    harness.expectStateMatchesEvents();
  });

  it('without bwrap, one asks with the sentence and runs nothing when refused', async () => {
    const workdir = temp('work');
    const reasons: string[] = [];
    harness = await startHarness(
      'anthropic',
      { name: 'unused', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      {
        workdir,
        sandbox: ON,
        env: { PATH: '/nonexistent-wave-test' },
        canUseTool: (request) => {
          reasons.push(request.reason);
          return { decision: 'deny' };
        },
      },
    );
    expect(await harness.agent.runBang('echo ran > ran.txt')).toBeNull();
    expect(existsSync(join(workdir, 'ran.txt'))).toBe(false);
    expect(reasons).toEqual([expect.stringMatching(/not installed.*Run it outside the sandbox\?/)]);
    const bang = harness.agent.messages.flatMap((message) => message.blocks).at(-1);
    expect(bang).toMatchObject({
      type: 'bang',
      output: expect.stringMatching(/chose not to run it outside/),
    });
  });
});

describe('when bwrap is missing', () => {
  // A PATH without bwrap on it (the sandbox looks for it there).
  const noBwrap = { PATH: '/nonexistent-wave-test' };

  it('says so with the fix, and runs nothing while no one agrees', async () => {
    const workdir = temp('work');
    const block = await runBash('echo ran > ran.txt', {
      workdir,
      sandbox: ON,
      env: noBwrap,
      permissionMode: 'bypassPermissions',
    });
    expect(block.error).toMatch(
      /bubblewrap \(the `bwrap` program\) is not installed.*apt-get install bubblewrap/,
    );
    expect(existsSync(join(workdir, 'ran.txt'))).toBe(false);
    expect(harness!.agent.sessionState.sandbox).toMatchObject({
      state: 'unavailable',
      problem: expect.stringMatching(/apt-get install bubblewrap/),
    });
  });

  it('asks with the sentence; a no runs nothing, a yes for the session runs outside', async () => {
    const workdir = temp('work');
    const reasons: string[] = [];
    let answer: 'deny' | 'allowSession' = 'deny';
    harness = await startHarness(
      'anthropic',
      {
        name: 'two commands',
        turns: [
          {
            reply: [
              { type: 'tool_call', id: 'b1', name: 'Bash', input: { command: 'echo 1 > one.txt' } },
            ],
          },
          { reply: [{ type: 'text', text: 'Refused.' }] },
          {
            reply: [
              { type: 'tool_call', id: 'b2', name: 'Bash', input: { command: 'echo 2 > two.txt' } },
            ],
          },
          {
            reply: [
              {
                type: 'tool_call',
                id: 'b3',
                name: 'Bash',
                input: { command: 'echo 3 > three.txt' },
              },
            ],
          },
          { reply: [{ type: 'text', text: 'Done.' }] },
        ],
      },
      {
        workdir,
        sandbox: ON,
        env: noBwrap,
        canUseTool: (request) => {
          reasons.push(request.reason);
          return { decision: answer };
        },
      },
    );
    await harness.agent.sendMessage('one');
    expect(existsSync(join(workdir, 'one.txt'))).toBe(false);
    expect(reasons).toEqual([expect.stringMatching(/not installed.*Run it outside the sandbox\?/)]);
    answer = 'allowSession';
    await harness.agent.sendMessage('two and three');
    expect(readFileSync(join(workdir, 'two.txt'), 'utf8')).toBe('2\n');
    expect(readFileSync(join(workdir, 'three.txt'), 'utf8')).toBe('3\n');
    // Agreed for the session: the third command was not asked about again.
    expect(reasons).toHaveLength(2);
    const blocks = harness.agent.messages
      .flatMap((message) => message.blocks)
      .filter((block): block is ToolBlock => block.type === 'tool');
    expect(blocks.map((block) => block.sandboxed)).toEqual([undefined, false, false]);
    expect(harness.agent.sessionState.sandbox).toMatchObject({
      state: 'unavailable',
      runsOutside: true,
    });
  });
});

describe('a background command in the sandbox', () => {
  it('ends with every process it started when the agent stops, even one that left its process group', async () => {
    const marker = `${3000 + Math.floor(Math.random() * 5000)}.${process.pid}`;
    // setsid: a child in a session of its own, out of reach of a signal to the command's group.
    harness = await startHarness(
      'anthropic',
      bashScenario(`setsid sleep ${marker} & sleep ${marker}1`, true),
      { workdir: temp('work'), sandbox: ON },
    );
    cleanups.push(() => {
      for (const pid of sleepersWith(`sleep ${marker}`)) process.kill(pid, 'SIGKILL');
    });
    await harness.agent.sendMessage('start it');
    expect(await waitUntil(() => sleepersWith(`sleep ${marker}`).length === 2, 5000)).toBe(true);
    harness.agent.destroy();
    expect(await waitUntil(() => sleepersWith(`sleep ${marker}`).length === 0, 5000)).toBe(true);
  });
});

describe("a project's custom command in the sandbox", () => {
  it('runs its ! lines under bwrap: a write outside the work folder fails, unasked, and nothing is made', async () => {
    const workdir = temp('work');
    const outside = temp('outside');
    const target = join(outside, 'pwned');
    mkdirSync(join(workdir, '.claude', 'commands'), { recursive: true });
    writeFileSync(
      join(workdir, '.claude', 'commands', 'rev.md'),
      `Review this.\n!\`touch ${target}; echo done\`\n!\`echo inside > made.txt\`\n`,
    );
    const asked: string[] = [];
    harness = await startHarness(
      'anthropic',
      { name: 'reply', turns: [{ reply: [{ type: 'text', text: 'Reviewed.' }] }] },
      {
        workdir,
        sandbox: ON,
        canUseTool: (request) => {
          asked.push(request.reason);
          return { decision: 'deny' };
        },
      },
    );
    await harness.agent.sendMessage('/rev');
    expect(existsSync(target)).toBe(false);
    // Sandboxed, so not asked; and the line inside the work folder did run there.
    expect(asked).toEqual([]);
    expect(readFileSync(join(workdir, 'made.txt'), 'utf8')).toBe('inside\n');
    const sent = JSON.stringify(harness.mock.requests.at(-1));
    expect(sent).toMatch(/Read-only file system/);
  });
});
