import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { findTool } from '../tools/registry.js';
import type { ToolDefinition } from '../tools/tool.js';
import { PermissionPolicy } from './permission-policy.js';
import type { PermissionCheck, PermissionPolicyOptions } from './permission-policy.js';
import type { PermissionDecision, PermissionRequest } from './permission-request.js';
import { readPermissionSettings } from './rules/permission-settings.js';
import { PermissionRules } from './rules/permission-rules.js';

const workdir = realpathSync(mkdtempSync(join(tmpdir(), 'wave-perm-')));
const signal = new AbortController().signal;

function tool(name: string): ToolDefinition<unknown> {
  const found = findTool(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function policy(
  mode: PermissionMode,
  answer?: PermissionDecision,
  asked: PermissionRequest[] = [],
  options: PermissionPolicyOptions = {},
) {
  return new PermissionPolicy(
    mode,
    workdir,
    new Set(),
    answer
      ? (request) => {
          asked.push(request);
          return answer;
        }
      : undefined,
    options,
  );
}

const inside = { file_path: 'a.txt', content: 'x' };
const outside = { file_path: '/etc/wave-test.txt', content: 'x' };

describe('PermissionPolicy', () => {
  it('default mode: reads run, edits and commands ask', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('default', { decision: 'allow' }, asked);
    await p.check({ tool: tool('Read'), input: { file_path: 'a.txt' }, toolCallId: '1', signal });
    expect(asked).toHaveLength(0);
    await p.check({ tool: tool('Write'), input: inside, toolCallId: '2', signal });
    await p.check({ tool: tool('Bash'), input: { command: 'npm test' }, toolCallId: '3', signal });
    expect(asked.map((a) => a.toolName)).toEqual(['Write', 'Bash']);
    expect(asked[1]!.reason).toMatch(/runs commands/);
    expect(asked[1]!.reason).toContain(
      "Bash runs commands on your machine: npm runs the project's scripts or builds (they can change anything), which needs approval",
    );
  });

  it('acceptEdits: edits inside the workdir run, commands still ask', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('acceptEdits', { decision: 'allow' }, asked);
    expect(
      await p.check({
        tool: tool('Edit'),
        input: { ...inside, old_string: 'a', new_string: 'b' },
        toolCallId: '1',
        signal,
      }),
    ).toEqual({
      allowed: true,
      unasked: { kind: 'mode', mode: 'acceptEdits' },
    });
    await p.check({ tool: tool('Bash'), input: { command: 'npm test' }, toolCallId: '2', signal });
    expect(asked.map((a) => a.toolName)).toEqual(['Bash']);
  });

  it('paths outside the workdir need permission even for reads and accepted edits', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('acceptEdits', { decision: 'deny' }, asked);
    const read = await p.check({
      tool: tool('Read'),
      input: { file_path: '/etc/hostname' },
      toolCallId: '1',
      signal,
    });
    expect(read).toMatchObject({ allowed: false, byUser: true });
    const write = await p.check({ tool: tool('Write'), input: outside, toolCallId: '2', signal });
    expect(write).toMatchObject({ allowed: false });
    expect(asked[0]!.reason).toMatch(/outside the working directory: \/etc\/hostname/);
  });

  it('plan mode runs only read-only tools, without asking', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('plan', { decision: 'allow' }, asked);
    const write = await p.check({ tool: tool('Write'), input: inside, toolCallId: '1', signal });
    expect(write).toMatchObject({ allowed: false, byUser: false });
    if (!write.allowed) expect(write.reason).toMatch(/Plan mode/);
    expect(
      await p.check({ tool: tool('Grep'), input: { pattern: 'x' }, toolCallId: '2', signal }),
    ).toMatchObject({ allowed: true });
    expect(asked).toHaveLength(0);
  });

  it('bypassPermissions runs everything without asking', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('bypassPermissions', { decision: 'deny' }, asked);
    expect(
      await p.check({
        tool: tool('Bash'),
        input: { command: 'npm test' },
        toolCallId: '1',
        signal,
      }),
    ).toMatchObject({ allowed: true });
    expect(asked).toHaveLength(0);
  });

  it('"allow for this session" stops asking for that tool', async () => {
    const asked: PermissionRequest[] = [];
    const p = policy('default', { decision: 'allowSession' }, asked);
    await p.check({ tool: tool('Bash'), input: { command: 'npm test' }, toolCallId: '1', signal });
    await p.check({ tool: tool('Bash'), input: { command: 'pwd' }, toolCallId: '2', signal });
    expect(asked).toHaveLength(1);
  });

  it('denies with a reason that says what to do when there is no one to ask', async () => {
    const outcome = await policy('default').check({
      tool: tool('Bash'),
      input: { command: 'npm test' },
      toolCallId: '1',
      signal,
    });
    expect(outcome).toMatchObject({ allowed: false, byUser: false });
    if (!outcome.allowed) expect(outcome.reason).toMatch(/--permission-mode/);
  });

  it('tools in the always-allowed list never ask', async () => {
    const asked: PermissionRequest[] = [];
    const p = new PermissionPolicy('default', workdir, new Set(['Bash']), (r) => {
      asked.push(r);
      return { decision: 'deny' };
    });
    expect(
      await p.check({
        tool: tool('Bash'),
        input: { command: 'npm test' },
        toolCallId: '1',
        signal,
      }),
    ).toMatchObject({ allowed: true });
    expect(asked).toHaveLength(0);
  });
});

/** Rules as a project's .claude/settings.json holds them. */
function rulesOf(permissions: Record<string, unknown>): PermissionRules {
  const file = join(workdir, '.claude', 'settings.json');
  const read = readPermissionSettings(
    [{ file, kind: 'claude-project', baseDir: workdir, value: permissions, locate: () => file }],
    ['Bash', 'Read', 'Edit', 'Write'],
  );
  return new PermissionRules(read.rules, workdir);
}

function asking(
  mode: PermissionMode,
  answer: PermissionDecision | undefined,
  options: PermissionPolicyOptions = {},
) {
  const asked: PermissionRequest[] = [];
  return { p: policy(mode, answer, asked, options), asked };
}

const bashCall = (command: string, extra: Partial<PermissionCheck> = {}): PermissionCheck => ({
  tool: tool('Bash'),
  input: { command },
  toolCallId: command,
  signal,
  ...extra,
});

const hookAllows = { hook: { decision: 'allow' } } as const;

describe("a PreToolUse hook's allow", () => {
  it('answers the ordinary question, so nobody is asked', async () => {
    const { p, asked } = asking('default', { decision: 'deny' });
    expect(await p.check(bashCall('touch x', hookAllows))).toMatchObject({ allowed: true });
    expect(asked).toHaveLength(0);
  });

  it('never overrides a deny rule, in any mode', async () => {
    for (const mode of ['default', 'bypassPermissions'] as const) {
      const { p } = asking(
        mode,
        { decision: 'allow' },
        { rules: rulesOf({ deny: ['Bash(rm:*)'] }) },
      );
      const outcome = await p.check(bashCall("bash -c 'rm x'", hookAllows));
      expect(outcome, mode).toMatchObject({
        allowed: false,
        byUser: false,
        reason: expect.stringContaining('the rule "Bash(rm:*)"') as unknown,
      });
    }
  });

  it('never answers an ask rule, the outside-folder question or a change to the settings', async () => {
    const { p, asked } = asking(
      'acceptEdits',
      { decision: 'deny' },
      { rules: rulesOf({ ask: ['Bash(git push:*)'] }) },
    );
    const calls: PermissionCheck[] = [
      bashCall('git push', hookAllows),
      {
        tool: tool('Read'),
        input: { file_path: '/etc/hostname' },
        toolCallId: 'r',
        signal,
        ...hookAllows,
      },
      {
        tool: tool('Write'),
        input: { file_path: '.wave/settings.json', content: '{}' },
        toolCallId: 'w',
        signal,
        ...hookAllows,
      },
      {
        tool: tool('Edit'),
        input: { file_path: '.claude/settings.local.json', old_string: 'a', new_string: 'b' },
        toolCallId: 'e',
        signal,
        ...hookAllows,
      },
      {
        tool: tool('Write'),
        input: { file_path: '.git/hooks/pre-commit', content: 'touch x' },
        toolCallId: 'g',
        signal,
        ...hookAllows,
      },
    ];
    for (const call of calls)
      expect(await p.check(call), call.toolCallId).toMatchObject({ allowed: false, byUser: true });
    expect(asked.map((request) => request.reason)).toEqual([
      expect.stringContaining('the rule "Bash(git push:*)"'),
      expect.stringContaining('outside the working directory: /etc/hostname'),
      expect.stringContaining("changes Wave's configuration"),
      expect.stringContaining("changes Wave's configuration"),
      expect.stringContaining("changes Wave's configuration"),
    ]);
  });
});

describe('a command that hides its program, under a Bash deny rule', () => {
  const rules = () => rulesOf({ deny: ['Bash(rm:*)'], allow: ['Bash'] });

  it('asks in every mode, bypassPermissions included, and "allow for this session" does not stick', async () => {
    for (const mode of ['default', 'acceptEdits', 'bypassPermissions'] as const) {
      const { p, asked } = asking(mode, { decision: 'allowSession' }, { rules: rules() });
      expect(await p.check(bashCall('$x y', hookAllows)), mode).toMatchObject({ allowed: true });
      expect(await p.check(bashCall('$x z')), mode).toMatchObject({ allowed: true });
      expect(asked.map((request) => request.reason)).toEqual([
        expect.stringContaining(
          'Bash is asked about every time here: its program `$x` is decided at run time, so the rule "Bash(rm:*)"',
        ),
        expect.stringContaining('decided at run time'),
      ]);
      expect(asked[0]?.alwaysRule).toBeUndefined();
    }
  });

  it('is refused with nobody to ask, saying what to do; a visible program runs', async () => {
    const { p } = asking('bypassPermissions', undefined, { rules: rules() });
    expect(await p.check(bashCall('eval "$cmd"'))).toMatchObject({
      allowed: false,
      byUser: false,
      reason: expect.stringMatching(
        /eval runs a string made at run time, so the rule .* cannot be checked, and there is no one to ask for permission here\. Name the program in the command itself/,
      ) as unknown,
    });
    expect(await p.check(bashCall('ls $dir'))).toMatchObject({ allowed: true });
  });
});

describe('"don\'t ask again"', () => {
  it('saves the rule the question offered, and only that', async () => {
    const saved: string[] = [];
    const { p, asked } = asking(
      'default',
      { decision: 'allowAlways' },
      {
        alwaysAllow: (rule) => {
          saved.push(rule);
          return Promise.resolve();
        },
      },
    );
    expect(await p.check(bashCall('npm run test -- -u'))).toMatchObject({ allowed: true });
    expect(await p.check(bashCall("bash -c 'git status; touch x'"))).toMatchObject({
      allowed: true,
    });
    expect(saved).toEqual(['Bash(npm run test:*)', "Bash(bash -c 'git status; touch x')"]);
    expect(asked.map((request) => request.alwaysRule)).toEqual(saved);
  });

  it('is refused for a question that offered no rule, and does not allow the tool for the session', async () => {
    const { p, asked } = asking(
      'default',
      { decision: 'allowAlways' },
      { alwaysAllow: () => Promise.resolve() },
    );
    const first = await p.check(bashCall('ls && touch x'));
    expect(first).toMatchObject({
      allowed: false,
      byUser: false,
      reason: expect.stringContaining('"don\'t ask again" was refused') as unknown,
    });
    await p.check(bashCall('touch y'));
    expect(asked.map((request) => request.alwaysRule)).toEqual([undefined, 'Bash(touch y:*)']);
    // Without a way to save rules, no question offers one, so the answer is refused every time.
    const { p: unsaved } = asking('default', { decision: 'allowAlways' });
    expect(await unsaved.check(bashCall('touch z'))).toMatchObject({ allowed: false });
    expect(await unsaved.check(bashCall('touch z'))).toMatchObject({ allowed: false });
  });
});

describe("a command's allowed-tools", () => {
  it('allow during its turn only: released, the same call asks again', async () => {
    const { p, asked } = asking('default', { decision: 'deny' });
    const release = p.allowDuringTurn([
      {
        text: 'Bash(git commit:*)',
        tool: 'Bash',
        specifier: 'git commit:*',
        source: '/c.md',
        kind: 'project',
      },
    ]);
    expect(await p.check(bashCall('git commit HEAD'))).toMatchObject({ allowed: true });
    expect(await p.check(bashCall('git commit HEAD && touch x'))).toMatchObject({ allowed: false });
    release();
    expect(await p.check(bashCall('git commit HEAD'))).toMatchObject({
      allowed: false,
      byUser: true,
    });
    expect(asked.map((request) => request.toolCallId)).toEqual([
      'git commit HEAD && touch x',
      'git commit HEAD',
    ]);
  });
});
