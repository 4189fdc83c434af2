// The rules the policy gives a tool that finds files (permission-policy.ts, `fileRules`): which
// rules judge each file Grep, Glob and LS find, in which mode, and for which tools.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { findTool } from '../tools/registry.js';
import type { ToolDefinition } from '../tools/tool.js';
import { PermissionPolicy } from './permission-policy.js';
import { parseRuleText, type PermissionRule } from './rules/permission-rule.js';
import { PermissionRules } from './rules/permission-rules.js';

const workdir = realpathSync(mkdtempSync(join(tmpdir(), 'wave-file-rules-')));
mkdirSync(join(workdir, 'private'));
writeFileSync(join(workdir, 'private', 'notes.md'), 'x');
writeFileSync(join(workdir, '.env'), 'x');

function tool(name: string): ToolDefinition<unknown> {
  const found = findTool(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function rule(behavior: PermissionRule['behavior'], text: string): PermissionRule {
  const parsed = parseRuleText(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  const file = join(workdir, '.claude', 'settings.json');
  return { behavior, text, ...parsed, file, kind: 'claude-project', baseDir: workdir, where: file };
}

function policy(mode: PermissionMode, rules: readonly PermissionRule[]) {
  return new PermissionPolicy(mode, workdir, new Set(), undefined, {
    rules: new PermissionRules(rules, workdir),
  });
}

const env = join(workdir, '.env');
const notes = join(workdir, 'private', 'notes.md');
const grepAll = { tool: tool('Grep'), input: { pattern: 'x' } };

describe('PermissionPolicy.fileRules', () => {
  it('judges each file by deny rules, then ask rules, for Grep, Glob and LS', async () => {
    const p = policy('default', [rule('ask', 'Read(private)'), rule('deny', 'Read(.env)')]);
    for (const name of ['Grep', 'Glob', 'LS']) {
      const files = await p.fileRules({ tool: tool(name), input: { pattern: '*' } });
      expect(files?.verdict(env), name).toBe('deny');
      expect(files?.verdict(notes), name).toBe('ask');
      expect(files?.verdict(join(workdir, 'a.ts')), name).toBeUndefined();
    }
  });

  it('gives nothing to a tool that does not find files, or when no path rule restricts one', async () => {
    const p = policy('default', [rule('deny', 'Read(.env)')]);
    expect(await p.fileRules({ tool: tool('Read'), input: { file_path: 'a' } })).toBeUndefined();
    const none = policy('default', [rule('deny', 'Bash(rm:*)'), rule('allow', 'Read(src/**)')]);
    expect(await none.fileRules(grepAll)).toBeUndefined();
  });

  it('keeps deny rules but drops ask rules under bypassPermissions, and once the call was asked', async () => {
    const rules = [rule('ask', 'Read(private)'), rule('deny', 'Read(.env)')];
    const bypass = await policy('bypassPermissions', rules).fileRules(grepAll);
    expect(bypass?.verdict(env)).toBe('deny');
    expect(bypass?.verdict(notes)).toBeUndefined();
    // A Grep of the folder the ask rule names was asked about as a whole: its files are searched.
    const asked = await policy('default', rules).fileRules({
      tool: tool('Grep'),
      input: { pattern: 'x', path: 'private' },
    });
    expect(asked?.verdict(notes)).toBeUndefined();
    expect(asked?.verdict(env)).toBe('deny');
  });

  it('an Edit rule says nothing of what a search finds', async () => {
    expect(await policy('default', [rule('deny', 'Edit(.env)')]).fileRules(grepAll)).toBe(
      undefined,
    );
  });
});
