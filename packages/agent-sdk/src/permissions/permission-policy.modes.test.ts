// dontAsk (nobody is asked: what no rule allows is refused, for CI) and settings that forbid
// bypassPermissions, in the one decision.
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { findTool } from '../tools/registry.js';
import type { ToolDefinition } from '../tools/tool.js';
import { ModeForbiddenError, PermissionPolicy } from './permission-policy.js';
import type { PermissionPolicyOptions } from './permission-policy.js';
import type { PermissionRequest } from './permission-request.js';
import { parseRuleText, type PermissionRule } from './rules/permission-rule.js';
import { PermissionRules } from './rules/permission-rules.js';
import { readPermissionSettings } from './rules/permission-settings.js';

const workdir = realpathSync(mkdtempSync(join(tmpdir(), 'wave-perm-modes-')));
const signal = new AbortController().signal;
const settings = join(workdir, '.claude', 'settings.json');

function tool(name: string): ToolDefinition<unknown> {
  const found = findTool(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function rule(behavior: PermissionRule['behavior'], text: string): PermissionRule {
  const parsed = parseRuleText(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return {
    behavior,
    text,
    ...parsed,
    file: settings,
    kind: 'claude-project',
    baseDir: workdir,
    where: settings,
  };
}

function policy(mode: PermissionMode, options: PermissionPolicyOptions = {}) {
  const asked: PermissionRequest[] = [];
  const p = new PermissionPolicy(
    mode,
    workdir,
    new Set(),
    (request) => {
      asked.push(request);
      return { decision: 'allow' };
    },
    options,
  );
  return { p, asked };
}

const bash = (command: string) => ({
  tool: tool('Bash'),
  input: { command },
  toolCallId: command,
  signal,
});

describe('dontAsk', () => {
  it('runs what reads and what a rule allows, and refuses the rest without asking anyone', async () => {
    const { p, asked } = policy('dontAsk', {
      rules: new PermissionRules([rule('allow', 'Bash(npm test:*)')], workdir),
    });
    expect(await p.check(bash('git status'))).toMatchObject({ allowed: true });
    expect(await p.check(bash('npm test -- --watch=false'))).toMatchObject({ allowed: true });
    expect(
      await p.check({ tool: tool('Read'), input: { file_path: 'a.txt' }, toolCallId: 'r', signal }),
    ).toMatchObject({ allowed: true });
    expect(await p.check(bash('npm install'))).toEqual({
      allowed: false,
      byUser: false,
      reason: `Bash runs commands on your machine: npm runs the project's scripts or builds (they can change anything), which needs approval, and dontAsk mode refuses without asking whatever no rule allows. Allow it with a rule in the settings' permissions.allow or --allowedTools (e.g. "Bash"), or run in another --permission-mode.`,
    });
    expect(
      await p.check({
        tool: tool('Write'),
        input: { file_path: 'a.txt', content: 'x' },
        toolCallId: 'w',
        signal,
      }),
    ).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('Write changes files, and dontAsk mode'),
    });
    expect(asked).toEqual([]);
  });

  it('asks again once the mode is switched back to default', async () => {
    const { p, asked } = policy('dontAsk');
    expect(await p.check(bash('touch x'))).toMatchObject({ allowed: false });
    p.setMode('default');
    expect(await p.check(bash('touch x'))).toMatchObject({ allowed: true });
    expect(asked).toHaveLength(1);
  });
});

describe('permissions.disableBypassPermissionsMode', () => {
  const section = (value: unknown) => ({
    file: settings,
    kind: 'user' as const,
    baseDir: workdir,
    value,
    locate: (keyPath: string) => `${settings}:${keyPath}`,
  });

  it('is read from a settings file; any other value is a problem that says the only one', () => {
    const read = readPermissionSettings(
      [
        section({ disableBypassPermissionsMode: 'disable' }),
        section({ disableBypassPermissionsMode: true }),
      ],
      ['Bash'],
    );
    expect(read.bypassDisabled).toMatchObject({
      value: 'disable',
      where: `${settings}:permissions.disableBypassPermissionsMode`,
    });
    expect(read.problems).toEqual([
      `"permissions.disableBypassPermissionsMode" at ${settings}:permissions.disableBypassPermissionsMode is ignored: its only value is "disable".`,
    ]);
  });

  it('refuses to start in bypassPermissions or switch to it, saying where it is turned off', () => {
    const forbidden = `bypassPermissions is turned off by "permissions.disableBypassPermissionsMode": "disable" at ${settings}:1:2; use another permission mode (default, acceptEdits, plan or dontAsk).`;
    expect(() => policy('bypassPermissions', { bypassDisabledAt: `${settings}:1:2` })).toThrow(
      new ModeForbiddenError(forbidden),
    );
    const { p } = policy('default', { bypassDisabledAt: `${settings}:1:2` });
    expect(() => p.setMode('bypassPermissions')).toThrow(forbidden);
    expect(p.permissionMode).toBe('default');
    p.setMode('acceptEdits');
    expect(p.permissionMode).toBe('acceptEdits');
    expect(p.bypassAllowed).toBe(false);
  });
});
