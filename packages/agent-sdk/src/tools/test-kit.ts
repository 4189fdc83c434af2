// What the tool tests share: a real temporary working directory and a context around it.
// (Test-only; nothing in the product imports it.)
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionPolicy } from '../permissions/permission-policy.js';
import type { PermissionPolicyOptions } from '../permissions/permission-policy.js';
import { parseRuleText, type PermissionRule } from '../permissions/rules/permission-rule.js';
import { PermissionRules } from '../permissions/rules/permission-rules.js';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import type { CanUseTool } from '../permissions/permission-request.js';
import type { AnyTool } from './define-tool.js';
import type { FileRules } from './file-rules.js';
import type { ToolContext } from './tool.js';

/** A fresh, empty directory under the OS temp dir (symlinks resolved, e.g. macOS /private). */
export async function makeWorkdir(): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), 'wave-tools-')));
}

export async function removeWorkdir(workdir: string): Promise<void> {
  await rm(workdir, { recursive: true, force: true });
}

export function contextFor(workdir: string, overrides: Partial<ToolContext> = {}): ToolContext {
  return { workdir, signal: new AbortController().signal, ...overrides };
}

/** Rules as a project's `.claude/settings.json` in the workdir would hold them. */
export interface WrittenRules {
  readonly allow?: readonly string[];
  readonly deny?: readonly string[];
  readonly ask?: readonly string[];
}

/** A permission policy with these rules, as the agent makes it from the settings. */
export function policyWithRules(
  workdir: string,
  written: WrittenRules,
  mode: PermissionMode = 'default',
  canUseTool?: CanUseTool,
  options: Omit<PermissionPolicyOptions, 'rules'> = {},
): PermissionPolicy {
  const rules = (['deny', 'ask', 'allow'] as const).flatMap((behavior) =>
    (written[behavior] ?? []).map((text): PermissionRule => {
      const parsed = parseRuleText(text);
      if (!parsed.ok) throw new Error(`${text}: ${parsed.problem}`);
      const file = join(workdir, '.claude', 'settings.json');
      return {
        behavior,
        text,
        ...parsed,
        file,
        kind: 'claude-project',
        baseDir: workdir,
        where: file,
      };
    }),
  );
  return new PermissionPolicy(mode, workdir, new Set(), canUseTool, {
    ...options,
    rules: new PermissionRules(rules, workdir),
  });
}

/**
 * What the permission policy gives a tool that finds files, for these rules as a project's
 * `.claude/settings.json` in the workdir would hold them (e.g. `{ deny: ['Read(.env)'] }`).
 */
export async function fileRulesOf(
  workdir: string,
  tool: AnyTool,
  written: { readonly deny?: readonly string[]; readonly ask?: readonly string[] },
): Promise<FileRules | undefined> {
  return policyWithRules(workdir, written).fileRules({ tool, input: {} });
}
