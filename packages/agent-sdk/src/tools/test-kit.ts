// What the tool tests share: a real temporary working directory and a context around it.
// (Test-only; nothing in the product imports it.)
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionPolicy } from '../permissions/permission-policy.js';
import { parseRuleText, type PermissionRule } from '../permissions/rules/permission-rule.js';
import { PermissionRules } from '../permissions/rules/permission-rules.js';
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

/**
 * What the permission policy gives a tool that finds files, for these rules as a project's
 * `.claude/settings.json` in the workdir would hold them (e.g. `{ deny: ['Read(.env)'] }`).
 */
export async function fileRulesOf(
  workdir: string,
  tool: AnyTool,
  written: { readonly deny?: readonly string[]; readonly ask?: readonly string[] },
): Promise<FileRules | undefined> {
  const rules = (['deny', 'ask'] as const).flatMap((behavior) =>
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
  const policy = new PermissionPolicy('default', workdir, new Set(), undefined, {
    rules: new PermissionRules(rules, workdir),
  });
  return policy.fileRules({ tool, input: {} });
}
