// /permissions' changes: a rule added to the user's file or the folder's .wave/settings.local.json,
// or removed from the file it is written in, and at once from the rules in force. A rule that
// cannot work is refused with the sentence the settings loader would say about it.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PermissionRuleInfo } from '@wave-agent/shared-protocol';
import { localSettingsPath } from '../../settings/settings-files.js';
import type { SettingsFileKind } from '../../settings/settings-section.js';
import { editJsonc, parseJsonc } from '../../storage/jsonc-text.js';
import { writeTextAtomically } from '../../storage/write-json-atomically.js';
import { BUILTIN_TOOL_NAMES } from '../../tools/registry.js';
import { rememberTrust } from '../trusted-folders.js';
import { addRuleToFile } from './local-rules.js';
import type { RuleBehavior } from './permission-rule.js';
import type { PermissionRules } from './permission-rules.js';
import { readPermissionSettings } from './permission-settings.js';
import { isRecord, errorText } from '@wave-agent/shared-protocol';

export interface RuleEditPlace {
  readonly workdir: string;
  readonly waveHome: string;
  readonly rules: PermissionRules;
}

export interface RuleChange {
  readonly ok: boolean;
  readonly file?: string;
  readonly problem?: string;
}

export function listRules(rules: PermissionRules): PermissionRuleInfo[] {
  return rules.all.map(({ behavior, text, file }) => ({ behavior, rule: text, file }));
}

export async function addRule(
  place: RuleEditPlace,
  behavior: RuleBehavior,
  text: string,
  where: 'local' | 'user' = 'local',
): Promise<RuleChange> {
  const file =
    where === 'user'
      ? join(resolve(place.waveHome), 'settings.json')
      : localSettingsPath(place.workdir);
  const kind: SettingsFileKind = where === 'user' ? 'user' : 'local';
  const baseDir = where === 'user' ? resolve(place.waveHome) : resolve(place.workdir);
  const checked = readPermissionSettings(
    [{ file, kind, baseDir, value: { [behavior]: [text] }, locate: () => file }],
    BUILTIN_TOOL_NAMES,
  );
  const [rule] = checked.rules;
  if (!rule) return { ok: false, problem: checked.problems[0] ?? `"${text}" is not a rule.` };
  if (place.rules.all.some((known) => known.behavior === behavior && known.text === rule.text))
    return { ok: false, problem: `The ${behavior} rule "${rule.text}" is already in force.` };
  try {
    await addRuleToFile(file, behavior, rule.text);
    // The user's own word: the folder is trusted with it (an allow rule is a trust request).
    if (where === 'local' && behavior === 'allow')
      await rememberTrust(place.waveHome, baseDir, [`permissions.allow=${rule.text}`]);
  } catch (error) {
    return {
      ok: false,
      problem: `Could not write ${file}: ${errorText(error)}`,
    };
  }
  place.rules.add(rule);
  return { ok: true, file };
}

/** Takes every copy of the rule out of `permissions.<behavior>` of one file. */
async function removeFromFile(file: string, behavior: RuleBehavior, text: string): Promise<void> {
  let content = await readFile(file, 'utf8');
  for (;;) {
    const parsed = parseJsonc(content);
    if (parsed.error) throw new Error(`${file} is not valid JSON (${parsed.error.message})`);
    const permissions: unknown = isRecord(parsed.value) ? parsed.value.permissions : undefined;
    const list = isRecord(permissions) ? permissions[behavior] : undefined;
    const index = Array.isArray(list)
      ? list.findIndex((entry) => typeof entry === 'string' && entry.trim() === text)
      : -1;
    if (index === -1) break;
    content = editJsonc(content, ['permissions', behavior, index], undefined);
  }
  await writeTextAtomically(file, content);
}

export async function removeRule(
  place: RuleEditPlace,
  behavior: RuleBehavior,
  text: string,
): Promise<RuleChange> {
  const wanted = text.trim();
  const matching = place.rules.all.filter(
    (rule) => rule.behavior === behavior && rule.text === wanted,
  );
  if (matching.length === 0)
    return {
      ok: false,
      problem: `No ${behavior} rule "${wanted}" is in force; /permissions lists the rules.`,
    };
  const files = [...new Set(matching.map((rule) => rule.file))];
  try {
    for (const file of files) await removeFromFile(file, behavior, wanted);
  } catch (error) {
    return {
      ok: false,
      problem: `Could not change ${files.join(', ')}: ${errorText(error)}`,
    };
  }
  place.rules.remove((rule) => rule.behavior === behavior && rule.text === wanted);
  return { ok: true, file: files.join(', ') };
}
