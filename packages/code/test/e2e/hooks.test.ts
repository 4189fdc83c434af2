// Hooks as a user meets them: `wave -p` in a temporary project with a real .claude/settings.json
// and real hook scripts (shell scripts that read stdin and write files), against mock-llm.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hookRequests } from '../../src/settings/hook-requests.js';
import { loadSettings } from '../../src/settings/load-settings.js';
import { providerEnv, startMock } from './mock-model.js';
import { trustFolder } from './trusted-folder.js';
import { cleanEnv, runWave, spawnWave, tempDir } from './wave-process.js';

type Record_ = Record<string, unknown>;

let home: ReturnType<typeof tempDir>;
let work: ReturnType<typeof tempDir>;
let mock: MockLlm | undefined;

beforeEach(() => {
  home = tempDir('home');
  work = tempDir('work');
  mkdirSync(join(work.path, '.claude', 'hooks'), { recursive: true });
  mkdirSync(join(work.path, 'out'));
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  home.remove();
  work.remove();
});

/** A hook script in .claude/hooks: `body` runs after its input is saved to out/<name>.<n>.json. */
function script(name: string, body: string): string {
  const path = join(work.path, '.claude', 'hooks', `${name}.sh`);
  writeFileSync(
    path,
    [
      '#!/bin/bash',
      'input=$(cat)',
      `n=$(ls "$CLAUDE_PROJECT_DIR/out" | grep -c "^${name}\\.[0-9]*\\.json$")`,
      `printf '%s' "$input" > "$CLAUDE_PROJECT_DIR/out/${name}.$n.json"`,
      `printf '%s %s key=%s' "$WAVE_PROJECT_DIR" "$CLAUDE_PROJECT_DIR" "$WAVE_API_KEY" > "$CLAUDE_PROJECT_DIR/out/${name}.env"`,
      body,
    ].join('\n'),
  );
  chmodSync(path, 0o755);
  return `"$CLAUDE_PROJECT_DIR"/.claude/hooks/${name}.sh`;
}

type HookEntry = { matcher?: string; command: string; timeout?: number };

/** Writes .claude/settings.json with these hooks and, unless told not to, trusts them. */
function settings(hooks: Record<string, HookEntry[]>, trust = true): void {
  const value = Object.fromEntries(
    Object.entries(hooks).map(([event, entries]) => [
      event,
      entries.map(({ matcher, command, timeout }) => ({
        ...(matcher !== undefined ? { matcher } : {}),
        hooks: [{ type: 'command', command, ...(timeout !== undefined ? { timeout } : {}) }],
      })),
    ]),
  );
  writeFileSync(join(work.path, '.claude', 'settings.json'), JSON.stringify({ hooks: value }));
  if (!trust) return;
  const loaded = loadSettings({ waveHome: home.path, workdir: work.path });
  trustFolder(
    home.path,
    work.path,
    hookRequests(loaded.hooks).map((request) => request.key),
  );
}

/** Every input a hook script saved, in order. */
function inputs(name: string): Record_[] {
  const found: Record_[] = [];
  for (let n = 0; existsSync(join(work.path, 'out', `${name}.${n}.json`)); n++)
    found.push(
      JSON.parse(readFileSync(join(work.path, 'out', `${name}.${n}.json`), 'utf8')) as Record_,
    );
  return found;
}

async function serve(scenario: Omit<Scenario, 'name'>): Promise<Record<string, string>> {
  mock = await startMock({ name: 'hooks', ...scenario });
  return providerEnv('anthropic', mock.url);
}

function wave(args: string[], env: Record<string, string>) {
  return runWave(['--output-format', 'stream-json', ...args], {
    cwd: work.path,
    env: cleanEnv({ WAVE_HOME: home.path, ...env }),
  });
}

function records(stdout: string): Record_[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record_);
}

function hookEnds(stdout: string): Record_[] {
  return records(stdout).filter((r) => r['type'] === 'hookRunUpdated' && r['stage'] === 'end');
}

/** What the model was sent in request `index`, as text (tool results and user turns alike). */
function sent(index: number): string {
  return JSON.stringify(mock?.requests[index]?.body ?? null);
}

/** One response per command (`toolu_1`, `toolu_2`, …), then "done". */
const BASH_CALLS = (...commands: readonly string[]): Omit<Scenario, 'name'> => ({
  turns: [
    ...commands.map((command, index) => ({
      reply: [
        { type: 'tool_call' as const, id: `toolu_${index + 1}`, name: 'Bash', input: { command } },
      ],
    })),
    { reply: [{ type: 'text', text: 'done' }] },
  ],
});

const BASH_THEN_DONE = (command: string): Omit<Scenario, 'name'> => BASH_CALLS(command);

describe('hooks in print mode', () => {
  it("gives each event Claude Code's input fields on stdin, and the project dir in the env", async () => {
    const all = [
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'PostToolUse',
      'Stop',
      'SessionEnd',
    ];
    settings(
      Object.fromEntries(
        all.map((event) => [
          event,
          [{ matcher: event.includes('Tool') ? 'Bash' : '', command: script(event, '') }],
        ]),
      ),
    );
    const env = await serve(BASH_THEN_DONE('echo from-bash'));
    const run = await wave(['-p', 'say hi', '--permission-mode', 'bypassPermissions'], env);
    expect(run.code, run.stderr).toBe(0);
    const sessionId = inputs('SessionStart')[0]?.['session_id'];
    expect(typeof sessionId).toBe('string');
    const common = {
      session_id: sessionId,
      transcript_path: expect.stringMatching(/\.jsonl$/),
      cwd: work.path,
      permission_mode: 'bypassPermissions',
    };
    expect(inputs('SessionStart')).toStrictEqual([
      { ...common, hook_event_name: 'SessionStart', source: 'startup' },
    ]);
    expect(inputs('UserPromptSubmit')).toStrictEqual([
      { ...common, hook_event_name: 'UserPromptSubmit', prompt: 'say hi' },
    ]);
    expect(inputs('PreToolUse')).toStrictEqual([
      {
        ...common,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'echo from-bash' },
        tool_use_id: 'toolu_1',
      },
    ]);
    expect(inputs('PostToolUse')).toStrictEqual([
      {
        ...common,
        hook_event_name: 'PostToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'echo from-bash' },
        tool_use_id: 'toolu_1',
        tool_response: expect.stringContaining('from-bash'),
      },
    ]);
    expect(inputs('Stop')).toStrictEqual([
      {
        ...common,
        hook_event_name: 'Stop',
        stop_hook_active: false,
        last_assistant_message: 'done',
      },
    ]);
    expect(inputs('SessionEnd')).toStrictEqual([
      { ...common, hook_event_name: 'SessionEnd', reason: 'other' },
    ]);
    // The project folder under both names; never the model's key.
    expect(readFileSync(join(work.path, 'out', 'Stop.env'), 'utf8')).toBe(
      `${work.path} ${work.path} key=`,
    );
    // Every run is in the stream: a tool's hooks with its call, the others on their own. SessionEnd
    // runs after the result line, as the session closes: its run is in the session's file.
    const ends = hookEnds(run.stdout);
    expect(ends.map((r) => r['event']).sort()).toStrictEqual(
      all.filter((event) => event !== 'SessionEnd').sort(),
    );
    const sessionFile = readdirSync(home.path, { recursive: true })
      .map(String)
      .find(
        (path) => path.endsWith(`${String(sessionId)}.jsonl`) && !path.startsWith('transcripts'),
      );
    const transcript = readFileSync(join(home.path, sessionFile ?? 'no-session-file'), 'utf8');
    expect(transcript).toMatch(
      /"hookRunUpdated".*"stage":"end".*"event":"SessionEnd"|"event":"SessionEnd".*"stage":"end"/,
    );
    expect(ends.find((r) => r['event'] === 'PreToolUse')).toMatchObject({
      toolCallId: 'toolu_1',
      outcome: 'ok',
      exitCode: 0,
      source: join(work.path, '.claude', 'settings.json'),
    });
  });

  it("a Stop hook reads the transcript in Claude Code's JSONL shape, current to the last answer", async () => {
    const lastAssistant = [
      `path=$(printf '%s' "$input" | sed -n 's/.*"transcript_path":"\\([^"]*\\)".*/\\1/p')`,
      `grep '"role":"assistant"' "$path" | tail -1 > "$CLAUDE_PROJECT_DIR/out/last-assistant"`,
      `grep -c '"type":"tool_result"' "$path" > "$CLAUDE_PROJECT_DIR/out/tool-results"`,
    ].join('\n');
    settings({ Stop: [{ command: script('Stop', lastAssistant) }] });
    const env = await serve(BASH_THEN_DONE('echo from-bash'));
    const run = await wave(['-p', 'say hi', '--permission-mode', 'bypassPermissions'], env);
    expect(run.code, run.stderr).toBe(0);
    const line = JSON.parse(readFileSync(join(work.path, 'out', 'last-assistant'), 'utf8')) as {
      type: string;
      message: { role: string; content: { type: string; text?: string }[] };
    };
    expect(line.type).toBe('assistant');
    expect(line.message.content).toStrictEqual([{ type: 'text', text: 'done' }]);
    expect(readFileSync(join(work.path, 'out', 'tool-results'), 'utf8').trim()).toBe('1');
  });

  it('a PreToolUse hook that exits 2 blocks the call: it does not run, and the model reads stderr', async () => {
    settings({
      PreToolUse: [
        { matcher: 'Bash', command: script('guard', 'echo "no touching allowed" >&2; exit 2') },
      ],
    });
    const env = await serve(BASH_THEN_DONE('touch made-by-bash'));
    const run = await wave(['-p', 'touch it', '--permission-mode', 'bypassPermissions'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(work.path, 'made-by-bash'))).toBe(false);
    expect(sent(1)).toContain('A PreToolUse hook blocked this call: no touching allowed');
    expect(hookEnds(run.stdout)[0]).toMatchObject({ outcome: 'blocked', exitCode: 2 });
  });

  it('PreToolUse JSON: deny blocks with its reason; allow answers the question and updatedInput changes the call', async () => {
    settings({
      PreToolUse: [
        {
          matcher: 'Bash',
          command: script(
            'decide',
            `if grep -q forbidden <<<"$input"; then
  echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not this one"}}'
else
  echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"touch rewritten"}}}'
fi`,
          ),
        },
      ],
    });
    const env = await serve(BASH_CALLS('touch forbidden', 'touch asked'));
    // The default mode: with nobody to ask, Bash would be denied; the hook's allow answers.
    const run = await wave(['-p', 'touch things'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(work.path, 'forbidden'))).toBe(false);
    expect(sent(1)).toContain('not this one');
    expect(existsSync(join(work.path, 'asked'))).toBe(false);
    expect(existsSync(join(work.path, 'rewritten'))).toBe(true);
  });

  it('PreToolUse allow never beats a deny rule, not even for the input it rewrote', async () => {
    settings({
      PreToolUse: [
        {
          matcher: 'Bash',
          command: script(
            'rewrite',
            `if grep -q rewrite-me <<<"$input"; then
  echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"bash -c \\"rm keep.txt\\""}}}'
else
  echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'
fi`,
          ),
        },
      ],
    });
    // The deny rule is added beside the trusted hooks; deny rules need no trust.
    const path = join(work.path, '.claude', 'settings.json');
    const written = JSON.parse(readFileSync(path, 'utf8')) as Record_;
    writeFileSync(path, JSON.stringify({ ...written, permissions: { deny: ['Bash(rm:*)'] } }));
    writeFileSync(join(work.path, 'keep.txt'), 'x');
    writeFileSync(join(work.path, 'keep2.txt'), 'x');
    const env = await serve(BASH_CALLS('echo rewrite-me', 'rm keep2.txt'));
    const run = await wave(['-p', 'clean up', '--permission-mode', 'bypassPermissions'], env);
    expect(run.code, run.stderr).toBe(0);
    // The hook did rewrite the first call: its end carries the rewritten command.
    const ended = records(run.stdout).find(
      (r) => r['type'] === 'toolBlockUpdated' && r['stage'] === 'end' && r['id'] === 'toolu_1',
    );
    expect(ended?.['parameters']).toBe(JSON.stringify({ command: 'bash -c "rm keep.txt"' }));
    expect(existsSync(join(work.path, 'keep.txt'))).toBe(true);
    expect(existsSync(join(work.path, 'keep2.txt'))).toBe(true);
    expect(sent(1)).toContain('Bash was not run: the rule \\"Bash(rm:*)\\"');
    expect(sent(2)).toContain('Bash was not run: the rule \\"Bash(rm:*)\\"');
  });

  it('PostToolUse: exit 2 tells the model stderr, additionalContext reaches it, another exit is a warning and work goes on', async () => {
    settings({
      PostToolUse: [
        { matcher: 'Bash', command: script('lint', 'echo "lint: 3 problems" >&2; exit 2') },
        {
          matcher: 'Bash',
          command: script(
            'ctx',
            `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"formatted by prettier"}}'`,
          ),
        },
        { matcher: 'Bash', command: script('broken', 'echo "oops" >&2; exit 1') },
        { matcher: 'Write', command: script('never', '') },
      ],
    });
    const env = await serve(BASH_THEN_DONE('echo ran > ran.txt'));
    const run = await wave(['-p', 'go', '--permission-mode', 'bypassPermissions'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(work.path, 'ran.txt'))).toBe(true);
    expect(sent(1)).toContain('lint: 3 problems');
    expect(sent(1)).toContain('formatted by prettier');
    expect(inputs('never')).toStrictEqual([]);
    const ends = hookEnds(run.stdout);
    expect(ends.map((r) => r['outcome']).sort()).toStrictEqual(['blocked', 'failed', 'ok']);
    expect(ends.find((r) => r['outcome'] === 'failed')?.['message']).toMatch(/exit code 1.*oops/);
    expect(records(run.stdout).at(-1)).toMatchObject({ type: 'result' });
  });

  it('UserPromptSubmit: plain stdout is context for the model; exit 2 keeps the prompt from the model', async () => {
    settings({
      UserPromptSubmit: [
        {
          command: script(
            'prompt',
            `if grep -q secret <<<"$input"; then echo "prompts may not hold secrets" >&2; exit 2; fi
echo "the branch is main"`,
          ),
        },
      ],
    });
    const env = await serve({ turns: [{ reply: [{ type: 'text', text: 'ok' }] }] });
    const allowed = await wave(['-p', 'hello'], env);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(sent(0)).toContain('the branch is main');
    expect(sent(0)).toContain('hello');

    const blocked = await wave(['-p', 'my secret is 42'], env);
    expect(mock?.requests).toHaveLength(1);
    expect(blocked.stderr).toContain(
      'wave: hook: UserPromptSubmit hook "$CLAUDE_PROJECT_DIR"/.claude/hooks/prompt.sh: blocked — Blocked: prompts may not hold secrets',
    );
    expect(hookEnds(blocked.stdout)[0]).toMatchObject({
      event: 'UserPromptSubmit',
      outcome: 'blocked',
      message: 'Blocked: prompts may not hold secrets',
    });
  });

  it('a Stop hook that blocks continues the turn once with its reason; stop_hook_active ends it', async () => {
    settings({
      Stop: [
        {
          command: script(
            'stop',
            `if grep -q '"stop_hook_active":true' <<<"$input"; then exit 0; fi
echo "run the tests first" >&2; exit 2`,
          ),
        },
      ],
    });
    const env = await serve({
      turns: [
        { reply: [{ type: 'text', text: 'first answer' }] },
        { reply: [{ type: 'text', text: 'tests pass' }] },
      ],
    });
    const run = await wave(['-p', 'fix it'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(mock?.requests).toHaveLength(2);
    expect(sent(1)).toContain(
      'Stop hook feedback:\\n[\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/stop.sh]: run the tests first',
    );
    expect(inputs('stop').map((input) => input['stop_hook_active'])).toStrictEqual([false, true]);
    expect(records(run.stdout).at(-1)).toMatchObject({
      type: 'result',
      result: expect.stringContaining('tests pass'),
    });
  });

  it('a hook past its timeout is ended with its whole process group, and says so', async () => {
    settings({
      PreToolUse: [
        {
          matcher: 'Bash',
          command: script(
            'slow',
            'echo $$ > "$CLAUDE_PROJECT_DIR/out/slow.pgid"; sleep 60 & sleep 60',
          ),
          timeout: 1,
        },
      ],
    });
    const env = await serve(BASH_THEN_DONE('touch after-timeout'));
    const run = await wave(['-p', 'go', '--permission-mode', 'bypassPermissions'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(hookEnds(run.stdout)[0]).toMatchObject({
      outcome: 'timeout',
      message: expect.stringContaining('Timed out after 1 s'),
    });
    // A timed-out hook is a warning: the call still runs.
    expect(existsSync(join(work.path, 'after-timeout'))).toBe(true);
    const pgid = Number(readFileSync(join(work.path, 'out', 'slow.pgid'), 'utf8'));
    await expect.poll(() => groupAlive(pgid), { timeout: 5000 }).toBe(false);
  });

  it('Ctrl-C while a hook runs ends its process group and the turn', async () => {
    settings({
      PreToolUse: [
        {
          matcher: 'Bash',
          command: script(
            'hang',
            'echo $$ > "$CLAUDE_PROJECT_DIR/out/hang.pgid"; sleep 60 & sleep 60',
          ),
        },
      ],
    });
    const env = await serve(BASH_THEN_DONE('touch never-made'));
    const child = spawnWave(
      ['--output-format', 'stream-json', '-p', 'go', '--permission-mode', 'bypassPermissions'],
      { cwd: work.path, env: cleanEnv({ WAVE_HOME: home.path, ...env }) },
    );
    await child.waitForStdout(
      (out) =>
        out.includes('"stage":"running","event":"PreToolUse"') || out.includes('"hookRunUpdated"'),
      15_000,
    );
    const pgidFile = join(work.path, 'out', 'hang.pgid');
    await expect.poll(() => existsSync(pgidFile), { timeout: 5000 }).toBe(true);
    const pgid = Number(readFileSync(pgidFile, 'utf8'));
    expect(groupAlive(pgid)).toBe(true);
    child.child.kill('SIGINT');
    await child.exited(10_000);
    await expect.poll(() => groupAlive(pgid), { timeout: 5000 }).toBe(false);
    expect(existsSync(join(work.path, 'never-made'))).toBe(false);
    expect(hookEnds(child.stdout())[0]).toMatchObject({ outcome: 'aborted' });
  });

  it('PostToolUseFailure gets the error; SubagentStart and SubagentStop frame an Agent call, which matchers name Agent or Task', async () => {
    settings({
      PreToolUse: [
        { matcher: 'Task', command: script('oldname', '') },
        { matcher: 'Agent|Write', command: script('newname', '') },
      ],
      PostToolUseFailure: [{ matcher: 'Bash', command: script('failure', '') }],
      SubagentStart: [{ command: script('substart', '') }],
      SubagentStop: [{ matcher: 'general-purpose', command: script('substop', '') }],
      SessionStart: [{ command: script('start', '') }],
    });
    const env = await serve({
      turns: [
        {
          reply: [{ type: 'tool_call', id: 'toolu_1', name: 'Bash', input: { command: 'exit 3' } }],
        },
        {
          reply: [
            {
              type: 'tool_call',
              id: 'toolu_task',
              name: 'Agent',
              input: {
                description: 'Look around',
                prompt: 'look',
                subagent_type: 'general-purpose',
              },
            },
          ],
        },
        { reply: [{ type: 'text', text: 'child report' }] },
        { reply: [{ type: 'text', text: 'parent done' }] },
      ],
    });
    const run = await wave(['-p', 'go', '--permission-mode', 'bypassPermissions'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(inputs('failure')).toStrictEqual([
      expect.objectContaining({
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'Bash',
        tool_input: { command: 'exit 3' },
        tool_use_id: 'toolu_1',
        error: expect.stringContaining('Exit code 3'),
        is_interrupt: false,
      }),
    ]);
    for (const name of ['oldname', 'newname'])
      expect(inputs(name).map((input) => input['tool_name'])).toStrictEqual(['Agent']);
    expect(inputs('substart')).toStrictEqual([
      expect.objectContaining({
        hook_event_name: 'SubagentStart',
        agent_id: 'toolu_task',
        agent_type: 'general-purpose',
      }),
    ]);
    expect(inputs('substop')).toStrictEqual([
      expect.objectContaining({
        hook_event_name: 'SubagentStop',
        agent_id: 'toolu_task',
        agent_type: 'general-purpose',
        stop_hook_active: false,
        last_assistant_message: 'child report',
      }),
    ]);
    // The subagent's stop is in its thread; SubagentStart in the Task call's card.
    const ends = hookEnds(run.stdout);
    expect(ends.find((r) => r['event'] === 'SubagentStart')).toMatchObject({
      toolCallId: 'toolu_task',
    });
    expect(records(run.stdout)).toContainEqual(
      expect.objectContaining({
        type: 'subagentEvent',
        toolCallId: 'toolu_task',
        event: expect.objectContaining({
          type: 'hookRunUpdated',
          event: 'SubagentStop',
          stage: 'end',
        }),
      }),
    );

    expect(inputs('start').map((input) => input['source'])).toStrictEqual(['startup']);
  });

  it("a project's hook does not run in a folder that is not trusted", async () => {
    settings({ UserPromptSubmit: [{ command: script('untrusted', '') }] }, false);
    const env = await serve({ turns: [{ reply: [{ type: 'text', text: 'ok' }] }] });
    const run = await wave(['-p', 'hello', '--permission-mode', 'bypassPermissions'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(work.path, 'out', 'untrusted.0.json'))).toBe(false);
    expect(run.stderr).toContain('hooks.UserPromptSubmit');
    expect(run.stderr).toContain('.claude/hooks/untrusted.sh');
    expect(hookEnds(run.stdout)).toStrictEqual([]);
  });
});

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
