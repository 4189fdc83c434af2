// One key of one settings file (its `permissions` or its `hooks`), kept with the file it came
// from, so whatever is built from it (rules, hooks) can say where it comes from, and a bad entry
// is reported at its file:line:column. The value is the file's raw JSON: the rules and the hooks
// each check their own part.

/**
 * Which settings file, weakest first: the user's Claude Code file (`~/.claude/settings.json`),
 * the user's Wave file, Claude Code's project file, Wave's project file, Claude Code's local
 * file, Wave's local file. Rules from all of them add up; a single value (defaultMode) comes from
 * the strongest file that sets it, Wave's twin winning a clash.
 */
export type SettingsFileKind =
  'claude-user' | 'user' | 'claude-project' | 'project' | 'claude-local' | 'local';

export const SETTINGS_FILE_KINDS: readonly SettingsFileKind[] = [
  'claude-user',
  'user',
  'claude-project',
  'project',
  'claude-local',
  'local',
];

export interface SettingsSection {
  /** The settings file, absolute. */
  readonly file: string;
  readonly kind: SettingsFileKind;
  /** The folder the file configures: the project for project files, the file's folder for the user's. */
  readonly baseDir: string;
  /** The key's value as written (not yet checked). */
  readonly value: unknown;
  /**
   * Where something inside the file is written, as `file:line:column`: a dotted key path
   * ("permissions.allow"), and an array index for one element of it.
   */
  readonly locate: (keyPath: string, index?: number) => string;
}

/** A project file (anything but the user's two): the repository's words, which need trust. */
export function isProjectSection(section: Pick<SettingsSection, 'kind'>): boolean {
  return section.kind !== 'user' && section.kind !== 'claude-user';
}
