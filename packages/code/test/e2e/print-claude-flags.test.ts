// Claude Code's print-mode flags in the real `wave -p` against tools/mock-llm: a script written
// for `claude -p` goes on in a session (-c, -r, --fork-session, --session-id), keeps nothing
// (--no-session-persistence), sets the system prompt, the tools and the permission mode; what
// the model received is read from mock-llm's recorded requests.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, replies, startMock } from './mock-model.js';
import { calls } from './tool-call-scenario.js';
import { cleanEnv, runWave } from './wave-process.js';

const fx = useE2eFixture();
const SLOW = { timeout: 120_000 };

interface WireMessage {
  readonly role: string;
  readonly content?: unknown;
}

async function serve(scenario: Scenario): Promise<void> {
  fx.mock = await startMock(scenario);
}

function wave(args: readonly string[]) {
  return runWave(args, {
    cwd: fx.work.path,
    env: cleanEnv({
      WAVE_HOME: fx.home.path,
      WAVE_MAX_RETRIES: '0',
      ...providerEnv('openai', fx.mock?.url ?? 'http://127.0.0.1:9'),
    }),
  });
}

/** `wave -p PROMPT --output-format json …`: its exit code and the result record. */
async function printJson(prompt: string, args: readonly string[] = []) {
  const run = await wave(['-p', prompt, '--output-format', 'json', ...args]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { session_id: string; result: string };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return ((content ?? []) as { text?: string }[]).map((part) => part.text ?? '').join('');
}

/** The messages of request `index`, as role: text lines (the system prompt left out). */
function conversationOf(index: number): string[] {
  const body = fx.mock?.requests[index]?.body as { messages?: WireMessage[] } | undefined;
  return (body?.messages ?? [])
    .filter((message) => message.role !== 'system')
    .map((message) => `${message.role}: ${textOf(message.content)}`);
}

function systemOf(index: number): string {
  const body = fx.mock?.requests[index]?.body as { messages?: WireMessage[] } | undefined;
  return textOf(body?.messages?.find((message) => message.role === 'system')?.content);
}

function offeredTools(index: number): string[] {
  const body = fx.mock?.requests[index]?.body as
    { tools?: { function: { name: string } }[] } | undefined;
  return (body?.tools ?? []).map((tool) => tool.function.name);
}

const sessionsDir = () => join(fx.home.path, 'sessions');

describe('wave -p goes on in a session, as claude -p does', SLOW, () => {
  it('-c continues the newest session of the folder, a print run included', async () => {
    await serve(replies('Noted: 42.', 'It was 42.'));
    const first = await printJson('remember 42');
    const second = await printJson('what was it?', ['-c']);
    expect(second.session_id).toBe(first.session_id);
    expect(second.result).toBe('It was 42.');
    expect(conversationOf(1)).toEqual([
      'user: remember 42',
      'assistant: Noted: 42.',
      'user: what was it?',
    ]);
  });

  it('-r ID (and --resume=ID) continues that session; an unknown id is said, nothing is sent', async () => {
    await serve(replies('A.', 'B.', 'C.'));
    const first = await printJson('one');
    await printJson('two');
    const resumed = await printJson('three', ['-r', first.session_id]);
    expect(resumed.session_id).toBe(first.session_id);
    expect(conversationOf(2)).toEqual(['user: one', 'assistant: A.', 'user: three']);

    const unknown = await wave(['-p', 'four', '--resume=no-such-session']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('there is no session no-such-session in');
    expect(fx.mock?.requests).toHaveLength(3);
  });

  it('-c with no session in the folder says so and sends nothing', async () => {
    await serve(replies('unused'));
    const run = await wave(['-p', 'go on', '--continue']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('there is no session in');
    expect(run.stderr).toContain('to continue');
    expect(fx.mock?.requests).toEqual([]);
  });

  it('--fork-session goes on in a copy under --session-id; the original stays as it was', async () => {
    await serve(replies('Base.', 'Forked.', 'Original again.'));
    const base = await printJson('base');
    const fork = await printJson('in the fork', [
      '-r',
      base.session_id,
      '--fork-session',
      '--session-id',
      'my-fork-1',
    ]);
    expect(fork.session_id).toBe('my-fork-1');
    expect(conversationOf(1)).toEqual(['user: base', 'assistant: Base.', 'user: in the fork']);
    // The original did not take the fork's messages.
    await printJson('back to base', ['-r', base.session_id]);
    expect(conversationOf(2)).toEqual(['user: base', 'assistant: Base.', 'user: back to base']);
  });

  it('--fork-session without --session-id gets a fresh id', async () => {
    await serve(replies('Base.', 'Forked.'));
    const base = await printJson('base');
    const fork = await printJson('fork it', ['-c', '--fork-session']);
    expect(fork.session_id).not.toBe(base.session_id);
    expect(conversationOf(1)).toEqual(['user: base', 'assistant: Base.', 'user: fork it']);
  });

  it('--session-id names a new session; an id already stored is refused', async () => {
    await serve(replies('Named.'));
    const named = await printJson('hello', ['--session-id', 'build-1234']);
    expect(named.session_id).toBe('build-1234');
    const again = await wave(['-p', 'hello', '--session-id', 'build-1234']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already has the id build-1234');
    expect(fx.mock?.requests).toHaveLength(1);
  });

  it('--no-session-persistence writes no session, so -c finds none', async () => {
    await serve(replies('Gone.', 'unused'));
    await printJson('forget me', ['--no-session-persistence']);
    expect(
      existsSync(sessionsDir()) ? readdirSync(sessionsDir(), { recursive: true }) : [],
    ).toEqual([]);
    const run = await wave(['-p', 'go on', '-c']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('there is no session in');
  });

  it('--no-session-persistence with -r reads the session and adds nothing to it', async () => {
    await serve(replies('Kept.', 'Not kept.', 'Again.'));
    const base = await printJson('keep');
    await printJson('do not keep', ['-r', base.session_id, '--no-session-persistence']);
    await printJson('again', ['-r', base.session_id]);
    expect(conversationOf(2)).toEqual(['user: keep', 'assistant: Kept.', 'user: again']);
  });
});

describe('the system prompt flags', SLOW, () => {
  it("--system-prompt stands instead of Wave's own; --append-system-prompt ends it", async () => {
    await serve(replies('One.', 'Two.'));
    await printJson('hi', ['--system-prompt', 'You are a terse bot.']);
    expect(systemOf(0)).toBe('You are a terse bot.');
    await printJson('hi', ['--append-system-prompt', 'Always answer in French.']);
    expect(systemOf(1)).toContain('You are Wave');
    expect(systemOf(1).endsWith('\n\nAlways answer in French.')).toBe(true);
  });

  it('--system-prompt-file and --append-system-prompt-file read their files', async () => {
    await serve(replies('One.'));
    writeFileSync(join(fx.work.path, 'system.md'), 'From a file.');
    writeFileSync(join(fx.work.path, 'extra.md'), 'And more.');
    await printJson('hi', [
      '--system-prompt-file',
      'system.md',
      '--append-system-prompt-file',
      'extra.md',
    ]);
    expect(systemOf(0)).toBe('From a file.\n\nAnd more.');
  });

  it('a file that cannot be read, or both forms of one flag, is a usage error', async () => {
    const missing = await wave(['-p', 'hi', '--system-prompt-file', 'nope.md']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--system-prompt-file: cannot read nope.md');
    const both = await wave([
      '-p',
      'hi',
      '--append-system-prompt',
      'x',
      '--append-system-prompt-file',
      'y',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(
      '--append-system-prompt and --append-system-prompt-file cannot be used together',
    );
  });
});

describe('--tools and --dangerously-skip-permissions', SLOW, () => {
  it('--tools gives the model only the named built-in tools, "" none', async () => {
    await serve(replies('One.', 'Two.'));
    await printJson('hi', ['--tools', 'Read,Grep']);
    expect(offeredTools(0).sort()).toEqual(['Grep', 'Read']);
    await printJson('hi', ['--tools', '']);
    expect(offeredTools(1)).toEqual([]);
  });

  it('--tools with a name that is no built-in tool is a usage error', async () => {
    const run = await wave(['-p', 'hi', '--tools', 'Read,Teleport']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--tools names built-in tools, and "Teleport" is not one');
  });

  it('--dangerously-skip-permissions runs what would ask', async () => {
    await serve(calls({ name: 'Bash', input: { command: 'touch made.txt' } }));
    const run = await wave(['-p', 'do it', '--dangerously-skip-permissions']);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(fx.work.path, 'made.txt'))).toBe(true);
  });

  it('--dangerously-skip-permissions is refused where disableBypassPermissionsMode says so', async () => {
    await serve(calls({ name: 'Bash', input: { command: 'touch made.txt' } }));
    writeFileSync(
      join(fx.home.path, 'settings.json'),
      JSON.stringify({ permissions: { disableBypassPermissionsMode: 'disable' } }),
    );
    const run = await wave(['-p', 'do it', '--dangerously-skip-permissions']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('bypassPermissions is turned off');
    expect(existsSync(join(fx.work.path, 'made.txt'))).toBe(false);
  });
});

describe('mistakes in the session flags are usage errors', () => {
  it.each([
    [['-p', 'x', '-r'], 'in print mode --resume needs the id of the session'],
    [
      ['-p', 'x', '--fork-session'],
      '--fork-session copies the session --resume or --continue opens',
    ],
    [
      ['-p', 'x', '-c', '--session-id', 'abc'],
      'with --resume or --continue it needs --fork-session',
    ],
    [['-p', 'x', '--session-id', '../x'], '--session-id: "../x" is not a session id'],
    [['--system-prompt', 'x'], '--system-prompt only applies to print mode'],
    [
      ['-p', 'x', '--permission-mode', 'plan', '--dangerously-skip-permissions'],
      'not plan; choose one',
    ],
  ])('wave %j', async (args, sentence) => {
    const run = await wave(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(sentence);
  });
});
