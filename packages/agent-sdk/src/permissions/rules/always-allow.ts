// What an `allowAlways` answer does: the offered rule is written to .wave/settings.local.json
// and joins the rules in force at once. A file that cannot be written is said (the call the user
// allowed still runs), never swallowed.
import { localSettingsPath } from '../../settings/settings-files.js';
import { storageReason } from '../../storage/storage-problem.js';
import { saveLocalAllowRule } from './local-rules.js';
import { parseRuleText } from './permission-rule.js';
import type { PermissionRules } from './permission-rules.js';

export type AlwaysAllow = (rule: string) => Promise<void>;

export interface AlwaysAllowOptions {
  readonly workdir: string;
  readonly waveHome: string;
  readonly rules: PermissionRules;
  readonly warn: (message: string) => void;
}

export function alwaysAllower(options: AlwaysAllowOptions): AlwaysAllow {
  return async (text) => {
    const parsed = parseRuleText(text);
    if (!parsed.ok) return;
    const file = localSettingsPath(options.workdir);
    options.rules.add({
      behavior: 'allow',
      text,
      tool: parsed.tool,
      ...(parsed.specifier !== undefined ? { specifier: parsed.specifier } : {}),
      file,
      kind: 'local',
      baseDir: options.workdir,
      where: file,
    });
    try {
      await saveLocalAllowRule(options.workdir, options.waveHome, text);
    } catch (error) {
      options.warn(
        `Could not save the rule "${text}" to ${file} (${storageReason(error)}); it holds for this session only.`,
      );
    }
  };
}
