// The sandbox as a user meets it: real bubblewrap running real commands that a model (mock-llm
// over real HTTP) asks the Agent to run, in the default permission mode.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolBlock } from '@wave-agent/shared-protocol';
import { sleepersWith, waitUntil } from '@wave-agent/mock-llm/processes';
import { afterEach, describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../permission-request.js';
import { PATIENT_RETRY, startHarness } from '../../test-support/agent-harness.js';
import type { Harness } from '../../test-support/agent-harness.js';
import { subagentScenario } from '../../test-support/subagent-scenario.js';
import type { AgentOptions } from '../../agent.js';

let harness: Harness | undefined;
const cleanups: (() => void | Promise<void>)[] = [];

afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A temp folder; `outside` ones are made in /var/tmp, not /tmp: the sandbox has a /tmp of its
 * own, so a host folder in /tmp is not even seen there.
 */
function temp(prefix: string): string {
  const base = prefix === 'outside' ? '/var/tmp' : tmpdir();
  const folder = mkdtempSync(join(base, `wave-sandbox-test-${prefix}-`));
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
    const block = await runBash('touch plain.txt && echo plain', {
      workdir: temp('work'),
      canUseTool: (request) => {
        asked.push(request.reason);
        return { decision: 'allow' };
      },
    });
    expect(asked).toEqual([
      'Bash runs commands on your machine: touch changes files, which needs approval',
    ]);
    expect(block.result).toBe('plain');
    expect(block).not.toHaveProperty('sandboxed');
    expect(harness!.agent.sessionState.sandbox).toMatchObject({ state: 'off' });
  });

  it("with autoAllow false (Claude Code's autoAllowBashIfSandboxed), it asks, then runs in the sandbox", async () => {
    const asked: string[] = [];
    const block = await runBash('touch asked.txt', {
      workdir: temp('work'),
      sandbox: { enabled: true, autoAllow: false },
      canUseTool: (request) => {
        asked.push(request.reason);
        return { decision: 'allow' };
      },
    });
    expect(asked).toEqual([
      'Bash runs commands on your machine: touch changes files, which needs approval',
    ]);
    expect(block.sandboxed).toBe(true);
    expect(block.unasked).toBeUndefined();
  });

  it('runs excludedCommands outside the sandbox, asked about; other commands stay in it, unasked', async () => {
    const workdir = temp('work');
    const outside = temp('outside');
    const asked: string[] = [];
    const sandbox = { enabled: true, excludedCommands: ['touch:*'] };
    const canUseTool = (request: PermissionRequest) => {
      asked.push(request.reason);
      return { decision: 'allow' as const };
    };
    const excluded = await runBash(`touch ${join(outside, 'left.txt')}`, {
      workdir,
      sandbox,
      canUseTool,
    });
    expect(asked).toHaveLength(1);
    expect(excluded.sandboxed).toBe(false);
    expect(existsSync(join(outside, 'left.txt'))).toBe(true);
    await harness?.dispose();
    harness = undefined;
    const kept = await runBash('echo in > made.txt', { workdir, sandbox, canUseTool });
    expect(asked).toHaveLength(1);
    expect(kept.sandboxed).toBe(true);
    expect(kept.unasked).toEqual({ kind: 'sandbox' });
    expect(readFileSync(join(workdir, 'made.txt'), 'utf8')).toBe('in\n');
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

describe('on by default (no flag, no setting) where bwrap is missing', () => {
  it('is off with the sentence said once, and a command is asked about as without a sandbox', async () => {
    const workdir = temp('work');
    const reasons: string[] = [];
    harness = await startHarness('anthropic', bashScenario('echo ran > ran.txt'), {
      workdir,
      sandbox: { enabled: true, byDefault: true },
      env: { PATH: '/nonexistent-wave-test' },
      canUseTool: (request) => {
        reasons.push(request.reason);
        return { decision: 'allow' };
      },
    });
    await harness.agent.sendMessage('run it');
    // The usual question (not "run it outside the sandbox?"), and it ran when allowed.
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).not.toMatch(/outside the sandbox/);
    expect(readFileSync(join(workdir, 'ran.txt'), 'utf8')).toBe('ran\n');
    expect(harness.agent.sessionState.sandbox).toMatchObject({
      state: 'off',
      problem: expect.stringMatching(
        /Wave runs commands in a sandbox where it can.*apt-get install bubblewrap/,
      ),
    });
    // In the conversation once (it was said while the session started, before any turn).
    const notices = harness.agent.messages
      .flatMap((message) => message.blocks)
      .filter(
        (block) => block.type === 'notice' && /apt-get install bubblewrap/.test(block.message),
      );
    expect(notices).toHaveLength(1);
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

/** Runs `command` with bash, as the user (outside any sandbox), for setting up a folder. */
function sh(command: string, cwd: string): string {
  return execFileSync('bash', ['-c', command], { cwd, encoding: 'utf8' });
}

describe('what decides permissions later stays read-only in the sandbox', () => {
  const ATTEMPTS = [
    'echo "[core]\n  fsmonitor = touch PWNED" >> .git/config',
    'echo "touch PWNED" > .git/hooks/pre-commit',
    'echo "gitdir: evil" > .git',
    'mv .git .git-moved',
    'echo "{}" > .wave/settings.json',
    'echo "{}" > .wave/settings.local.json',
    'echo "{}" > .claude/settings.json',
    'echo "{}" > .claude/settings.local.json',
    'echo "!\\`touch PWNED\\`" > .claude/commands/x.md',
    'echo "{}" > .mcp.json',
  ];
  const script = (attempts: readonly string[]) =>
    `${attempts.map((attempt) => `(${attempt}) 2>/dev/null && echo "WROTE: ${attempt.replaceAll('"', '')}"`).join('; ')}; echo ok > allowed.txt`;

  it('Git, Wave and Claude Code files that exist: every write fails, the work folder stays writable', async () => {
    const workdir = temp('work');
    sh('git init -q . && mkdir -p .wave .claude/commands', workdir);
    for (const file of ['.wave/settings.json', '.claude/settings.json', '.mcp.json'])
      writeFileSync(join(workdir, file), '{"kept":true}\n');
    const config = readFileSync(join(workdir, '.git', 'config'), 'utf8');
    const block = await runBash(script(ATTEMPTS), { workdir, sandbox: ON });
    expect(block.sandboxed).toBe(true);
    expect(block.result).not.toMatch(/WROTE/);
    expect(readFileSync(join(workdir, 'allowed.txt'), 'utf8')).toBe('ok\n');
    expect(readFileSync(join(workdir, '.git', 'config'), 'utf8')).toBe(config);
    expect(existsSync(join(workdir, '.git', 'hooks', 'pre-commit'))).toBe(false);
    for (const file of ['.wave/settings.json', '.claude/settings.json', '.mcp.json'])
      expect(readFileSync(join(workdir, file), 'utf8')).toBe('{"kept":true}\n');
    for (const file of ['.wave/settings.local.json', '.claude/settings.local.json'])
      expect(existsSync(join(workdir, file))).toBe(false);
    // The planted fsmonitor would have run on this plain git status outside the sandbox.
    sh('git status --short >/dev/null', workdir);
    expect(existsSync(join(workdir, 'PWNED'))).toBe(false);
  });

  it('and ones that do not exist yet cannot be made: no .git, .wave or .claude with anything in it', async () => {
    const workdir = temp('work');
    const block = await runBash(
      script([
        'mkdir -p .git/hooks && echo "touch PWNED" > .git/hooks/pre-commit',
        'mkdir -p .claude && echo "{}" > .claude/settings.local.json',
        'mkdir -p .wave && echo "{}" > .wave/settings.local.json',
        'git init -q .',
      ]),
      { workdir, sandbox: ON },
    );
    expect(block.sandboxed).toBe(true);
    expect(block.result).not.toMatch(/WROTE/);
    expect(readFileSync(join(workdir, 'allowed.txt'), 'utf8')).toBe('ok\n');
    // What may be left is the empty folder bwrap made as its mount point.
    for (const folder of ['.git', '.wave', '.claude'])
      if (existsSync(join(workdir, folder))) expect(readdirSync(join(workdir, folder))).toEqual([]);
  });

  it("a worktree's .git pointer file, and the repository it points to in an allowWrite folder", async () => {
    const repo = temp('outside');
    sh(
      'git init -q . && git -c user.email=t@t -c user.name=t commit -q --allow-empty -m one && git worktree add -q wt',
      repo,
    );
    const workdir = join(repo, 'wt');
    const pointer = readFileSync(join(workdir, '.git'), 'utf8');
    const config = readFileSync(join(repo, '.git', 'config'), 'utf8');
    const block = await runBash(
      script([
        'echo "gitdir: evil" > .git',
        `echo "[core] fsmonitor = x" >> ${join(repo, '.git', 'config')}`,
        `echo x > ${join(repo, '.git', 'hooks', 'post-checkout')}`,
      ]),
      { workdir, sandbox: { enabled: true, allowWrite: [repo] } },
    );
    expect(block.result).not.toMatch(/WROTE/);
    expect(readFileSync(join(workdir, '.git'), 'utf8')).toBe(pointer);
    expect(readFileSync(join(repo, '.git', 'config'), 'utf8')).toBe(config);
    // allowWrite still holds for the rest of the repository.
    expect(readFileSync(join(workdir, 'allowed.txt'), 'utf8')).toBe('ok\n');
  });
});

describe("the sandbox's own /tmp and the user's sockets", () => {
  const servers: NetServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0))
      await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  async function socketAt(path: string): Promise<void> {
    const server = createNetServer((socket) => socket.end('hello from the socket\n'));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(path, resolve));
  }
  const connect = (path: string) =>
    `node -e "require('net').connect('${path}').on('data', (d) => process.stdout.write('got ' + d)).on('error', (e) => { console.log('refused', e.code); process.exit(1); })"`;

  it('writes to /tmp land in the session temp folder, not the host /tmp', async () => {
    const name = `wave-private-tmp-${process.pid}-${Date.now()}`;
    cleanups.push(() => rmSync(join('/tmp', name), { force: true }));
    const block = await runBash(`echo private > /tmp/${name} && cat /tmp/${name}`, {
      workdir: temp('work'),
      sandbox: ON,
    });
    expect(block.result).toBe('private');
    expect(existsSync(join('/tmp', name))).toBe(false);
    const tempFolder = harness!.agent.sessionState.sandbox?.tempFolder;
    expect(tempFolder).toBeDefined();
    expect(readFileSync(join(tempFolder!, name), 'utf8')).toBe('private\n');
  });

  it('a socket in the host /tmp is out of reach with the network off, unless allowUnixSockets names it', async () => {
    const folder = temp('sockets');
    const path = join(folder, 's.sock');
    await socketAt(path);
    const hidden = await runBash(connect(path), { workdir: temp('work'), sandbox: ON });
    expect(hidden.sandboxed).toBe(true);
    expect(hidden.result).not.toMatch(/got hello/);
    expect(hidden.result).toMatch(/refused ENOENT/);
    await harness!.dispose();

    const allowed = await runBash(connect(path), {
      workdir: temp('work'),
      sandbox: { enabled: true, allowUnixSockets: [path] },
    });
    expect(allowed.result).toBe('got hello from the socket');
  });

  it("the SSH agent's socket and $XDG_RUNTIME_DIR are hidden wherever they are", async () => {
    const runtime = temp('outside');
    const agentSocket = join(temp('outside'), 'agent.sock');
    const busSocket = join(runtime, 'bus');
    await socketAt(agentSocket);
    await socketAt(busSocket);
    const block = await runBash(`${connect(agentSocket)}; ${connect(busSocket)}`, {
      workdir: temp('work'),
      sandbox: ON,
      env: { SSH_AUTH_SOCK: agentSocket, XDG_RUNTIME_DIR: runtime },
    });
    expect(block.result).not.toMatch(/got hello/);
    expect(block.result?.match(/refused/g)).toHaveLength(2);
  });
});

describe('keys inside the sandbox', () => {
  const KEYS = {
    WAVE_API_KEY: 'wave-secret-1',
    ANTHROPIC_API_KEY: 'anthropic-secret-2',
    ANTHROPIC_AUTH_TOKEN: 'anthropic-token-3',
    OPENAI_API_KEY: 'openai-secret-4',
    MY_MODEL_KEY: 'configured-secret-5',
    AWS_SECRET_ACCESS_KEY: 'aws-secret-6',
    AWS_SESSION_TOKEN: 'aws-session-7',
    AWS_BEARER_TOKEN_BEDROCK: 'bedrock-key-8',
  };
  it("are in neither the command's environment nor any process's it can see", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, KEYS);
    cleanups.push(() => {
      for (const name of Object.keys(KEYS)) delete process.env[name];
      Object.assign(process.env, saved);
    });
    const block = await runBash(
      'env; cat /proc/[0-9]*/environ | tr "\\0" "\\n"; echo "$WAVE_PROJECT_DIR" checked',
      {
        workdir: temp('work'),
        sandbox: ON,
        settings: {
          models: { mine: { provider: 'openai', model: 'm', apiKeyEnv: 'MY_MODEL_KEY' } },
        },
      },
    );
    expect(block.sandboxed).toBe(true);
    expect(block.result).toMatch(/PATH=/);
    for (const secret of Object.values(KEYS)) expect(block.result).not.toContain(secret);
  });
});

describe('a background command in the sandbox stays confined', () => {
  it('while it runs and after the agent stops', async () => {
    const workdir = temp('work');
    sh('git init -q .', workdir);
    const config = readFileSync(join(workdir, '.git', 'config'), 'utf8');
    const target = join(temp('outside'), 'bg.txt');
    const marker = `${3000 + Math.floor(Math.random() * 5000)}.${process.pid}`;
    // Tries every 0.1 s, and says so, until it is stopped.
    const command = `while true; do echo x > ${target}; echo "[core] fsmonitor = x" >> .git/config; echo tried; echo in > inside.txt; sleep 0.1; done & sleep ${marker}`;
    harness = await startHarness('anthropic', bashScenario(command, true), {
      workdir,
      sandbox: ON,
    });
    cleanups.push(() => {
      for (const pid of sleepersWith(`sleep ${marker}`)) process.kill(pid, 'SIGKILL');
    });
    await harness.agent.sendMessage('start it');
    const block = harness.agent.messages
      .flatMap((message) => message.blocks)
      .find((candidate): candidate is ToolBlock => candidate.type === 'tool');
    expect(block?.sandboxed).toBe(true);
    const outputOf = () => {
      const task = harness!.agent.sessionState.backgroundTasks[0];
      return task ? readFileSync(task.outputPath, 'utf8') : '';
    };
    // While it runs: it has tried several times, every try failed, and it can write inside.
    expect(await waitUntil(() => (outputOf().match(/tried/g) ?? []).length >= 3, 10_000)).toBe(
      true,
    );
    expect(sleepersWith(`sleep ${marker}`)).toHaveLength(1);
    expect(outputOf()).toMatch(/Read-only file system/);
    expect(existsSync(target)).toBe(false);
    expect(readFileSync(join(workdir, '.git', 'config'), 'utf8')).toBe(config);
    // Each try rewrites inside.txt (truncate, then write): read it between two tries.
    const inside = () => readFileSync(join(workdir, 'inside.txt'), 'utf8');
    expect(await waitUntil(() => inside() === 'in\n', 10_000)).toBe(true);
    harness.agent.destroy();
    expect(await waitUntil(() => sleepersWith(`sleep ${marker}`).length === 0, 5000)).toBe(true);
    // After: nothing it tried happened late.
    expect(existsSync(target)).toBe(false);
    expect(readFileSync(join(workdir, '.git', 'config'), 'utf8')).toBe(config);
  });
});

describe("a subagent's Bash in the sandbox", () => {
  it('runs under bwrap too: unasked, its write outside fails and the one inside works', async () => {
    const workdir = temp('work');
    const target = join(temp('outside'), 'child.txt');
    const asked: string[] = [];
    harness = await startHarness(
      'anthropic',
      subagentScenario(
        'a subagent that runs a command',
        [{ name: 'Bash', input: { command: `echo out > ${target}; echo in > child-inside.txt` } }],
        'Done.',
      ),
      {
        workdir,
        sandbox: ON,
        retry: PATIENT_RETRY,
        canUseTool: (request) => {
          asked.push(request.reason);
          return { decision: 'deny' };
        },
      },
    );
    await harness.agent.sendMessage('delegate');
    expect(asked).toEqual([]);
    expect(existsSync(target)).toBe(false);
    expect(readFileSync(join(workdir, 'child-inside.txt'), 'utf8')).toBe('in\n');
  });
});
