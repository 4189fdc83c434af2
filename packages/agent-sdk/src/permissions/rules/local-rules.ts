// "Yes, and don't ask again": the rule goes into the folder's .wave/settings.local.json (comments
// and everything else in it kept), which Wave adds to the folder's .gitignore when it creates
// it, since it is the user's, not the team's. The rule is the user's own word, so the folder is
// also remembered as trusted with it: the next start does not ask whether to trust it.
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { editJsonc, parseJsonc } from '../../storage/jsonc-text.js';
import { writeTextAtomically } from '../../storage/write-json-atomically.js';
import { localSettingsPath } from '../../settings/settings-files.js';
import { rememberTrust } from '../trusted-folders.js';
import { isRecord, errorCode } from '@wave-agent/shared-protocol';

export const LOCAL_SETTINGS_IGNORE_LINE = '.wave/settings.local.json';

function isMissing(error: unknown): boolean {
  return errorCode(error) === 'ENOENT';
}

async function ignoreInGit(workdir: string): Promise<void> {
  const path = join(workdir, '.gitignore');
  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  if (text.split(/\r?\n/).some((line) => line.trim() === LOCAL_SETTINGS_IGNORE_LINE)) return;
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  await appendFile(path, `${separator}${LOCAL_SETTINGS_IGNORE_LINE}\n`);
}

export type RuleList = 'allow' | 'ask' | 'deny';

/** Adds a rule to `permissions.<list>` of a settings file (created if missing). */
export async function addRuleToFile(path: string, list: RuleList, rule: string): Promise<void> {
  let text = '{}\n';
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  if (text.trim() === '') text = '{}\n';
  const parsed = parseJsonc(text);
  if (parsed.error)
    throw new Error(`${path} is not valid JSON (${parsed.error.message}); fix it, then try again.`);
  const permissions = isRecord(parsed.value) ? parsed.value.permissions : undefined;
  const current = isRecord(permissions) ? permissions[list] : undefined;
  if (Array.isArray(current) && current.includes(rule)) return;
  const next = Array.isArray(current)
    ? editJsonc(text, ['permissions', list, -1], rule)
    : editJsonc(text, ['permissions', list], [rule]);
  await mkdir(dirname(path), { recursive: true });
  await writeTextAtomically(path, next);
}

/** Writes an allow rule to the folder's local file, and trusts the folder with it. */
export async function saveLocalAllowRule(
  workdir: string,
  waveHome: string,
  rule: string,
): Promise<string> {
  const path = localSettingsPath(workdir);
  const creating = !existsSync(path);
  await addRuleToFile(path, 'allow', rule);
  if (creating) await ignoreInGit(workdir);
  const folder = await realpath(workdir).catch(() => workdir);
  await rememberTrust(waveHome, folder, [`permissions.allow=${rule}`]);
  return path;
}
