// The read-only list inside the one decision: what runs without a question in each mode, what a
// user's rules add to it or take from it, and what a Read deny rule refuses.
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { findTool } from '../tools/registry.js';
import type { ToolDefinition } from '../tools/tool.js';
import { PermissionPolicy } from './permission-policy.js';
import type { PermissionRequest } from './permission-request.js';
import { parseRuleText, type PermissionRule } from './rules/permission-rule.js';
import { PermissionRules } from './rules/permission-rules.js';

const workdir = realpathSync(mkdtempSync(join(tmpdir(), 'wave-perm-ro-')));
writeFileSync(join(workdir, 'README.md'), '# x\n');
writeFileSync(join(workdir, '.env'), 'KEY=1\n');
const signal = new AbortController().signal;
const settings = join(workdir, '.claude', 'settings.json');

function bash(): ToolDefinition<unknown> {
  const found = findTool('Bash');
  if (!found) throw new Error('no Bash');
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

function policy(mode: PermissionMode, rules: PermissionRule[] = [], ask = true) {
  const asked: PermissionRequest[] = [];
  const p = new PermissionPolicy(
    mode,
    workdir,
    new Set(),
    ask
      ? (request) => {
          asked.push(request);
          return { decision: 'allow' };
        }
      : undefined,
    { rules: new PermissionRules(rules, workdir) },
  );
  const check = (command: string) =>
    p.check({ tool: bash(), input: { command }, toolCallId: command, signal });
  return { check, asked };
}

describe('read-only commands in the permission policy', () => {
  it('run without a question in the default mode; the rest are asked about, saying why', async () => {
    const { check, asked } = policy('default');
    expect(await check('cat README.md | wc -l')).toMatchObject({ allowed: true });
    // Why nobody was asked goes with the outcome, for the tool card.
    expect(await check('git status && ls -la')).toEqual({
      allowed: true,
      unasked: { kind: 'read-only' },
    });
    expect(asked).toEqual([]);
    await check('echo hi > out.txt');
    expect(asked.map((request) => request.reason)).toEqual([
      'Bash runs commands on your machine: output redirection (`> out.txt`) writes to a file, which needs approval',
    ]);
  });

  it('with no one to ask, a read-only command runs and a writing one is refused with why', async () => {
    const { check } = policy('default', [], false);
    expect(await check('ls')).toMatchObject({ allowed: true });
    expect(await check('find . -delete')).toEqual({
      allowed: false,
      byUser: false,
      reason:
        'Bash runs commands on your machine: find -delete deletes files, which needs approval, and there is no one to ask for permission here. Run with --permission-mode bypassPermissions, or allow it with a rule in the settings\' permissions.allow (e.g. "Bash").',
    });
  });

  it('plan mode lets read-only commands run and refuses the rest', async () => {
    const { check } = policy('plan');
    expect(await check('grep -n x README.md')).toMatchObject({ allowed: true });
    expect(await check('touch x')).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('Plan mode'),
    });
  });

  it('a user narrows the list with ask and deny rules, and widens it with allow rules', async () => {
    const narrowed = policy('default', [
      rule('ask', 'Bash(cat:*)'),
      rule('deny', 'Bash(git log:*)'),
    ]);
    await narrowed.check('cat README.md');
    expect(narrowed.asked.map((request) => request.reason)).toEqual([
      `Bash is asked about every time: the rule "Bash(cat:*)" in ${settings} says so`,
    ]);
    expect(await narrowed.check('git log')).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('the rule "Bash(git log:*)"'),
    });
    const widened = policy('default', [rule('allow', 'Bash(make lint:*)')], false);
    expect(await widened.check('make lint && git status')).toEqual({
      allowed: true,
      unasked: { kind: 'read-only' },
    });
    expect(await widened.check('make lint')).toEqual({
      allowed: true,
      unasked: { kind: 'rule', rule: 'Bash(make lint:*)', source: settings },
    });
  });

  it('refuses a read-only command that reads a file a Read deny rule covers, in every mode', async () => {
    for (const mode of ['default', 'bypassPermissions'] as const) {
      const { check } = policy(mode, [rule('deny', 'Read(./.env)')]);
      expect(await check('cat .env')).toEqual({
        allowed: false,
        byUser: false,
        reason: `Bash was not run: it reads ${join(workdir, '.env')}, which the rule "Read(./.env)" in ${settings} denies. Do not retry it; find another way or ask the user.`,
      });
    }
  });
});
