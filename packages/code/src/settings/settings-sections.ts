// The `permissions`, `hooks` and `env` of every settings file (settingsFiles in agent-sdk), each kept
// with its file. Wave's full settings files (the user's and `.wave/settings.json`) are read as a
// whole by readSettingsFile, which reports their problems; from the others only these three keys
// are read: Claude Code's files hold Claude Code's other settings, which are not Wave's.
import { isProjectSection, lineColumnAt, parseJsonc, settingsFiles } from '@wave-agent/agent-sdk';
import type { SettingsFile, SettingsFileKind, SettingsSection } from '@wave-agent/agent-sdk';
import { readSettingsText } from './read-settings-text.js';
import type { SettingsLocation } from './settings-paths.js';
import { MCP_APPROVAL_KEYS } from './mcp-approval.js';
import { PLUGIN_SETTING_KEYS } from './plugin-settings.js';
import { SECTION_KEYS } from './settings-schema.js';
import { isRecord } from '@wave-agent/shared-protocol';

export interface SettingsSections {
  /** Each file's `permissions`, weakest file first. */
  readonly permissions: readonly SettingsSection[];
  /** Each file's `hooks`, weakest file first. */
  readonly hooks: readonly SettingsSection[];
  /** Each file's `env`, weakest file first. */
  readonly env: readonly SettingsSection[];
  /** Each file's `.mcp.json` approval keys (mcp-approval.ts) as one object, weakest file first. */
  readonly mcpApproval: readonly SettingsSection[];
  /** Each file's `statusLine`, weakest file first. */
  readonly statusLine: readonly SettingsSection[];
  /** Each file's `apiKeyHelper`, weakest file first. */
  readonly apiKeyHelper: readonly SettingsSection[];
  /** Each file's `enabledPlugins` and `extraKnownMarketplaces` as one object, weakest file first. */
  readonly plugins: readonly SettingsSection[];
  /** Files that could not be read, one sentence each. */
  readonly warnings: readonly string[];
}

/** Files readSettingsFile reads whole (and reports on). */
const FULL_FILES = new Set(['user', 'project']);

function readSections(
  file: SettingsFile,
  into: {
    permissions: SettingsSection[];
    hooks: SettingsSection[];
    env: SettingsSection[];
    mcpApproval: SettingsSection[];
    statusLine: SettingsSection[];
    apiKeyHelper: SettingsSection[];
    plugins: SettingsSection[];
    warnings: string[];
  },
): void {
  const reports = !FULL_FILES.has(file.kind);
  const read = readSettingsText(file.path);
  if (read.kind === 'missing') return;
  if (read.kind === 'unreadable') {
    if (reports)
      into.warnings.push(
        `ignoring ${file.path}: it cannot be read (${read.reason}). Fix the file; Wave started without it.`,
      );
    return;
  }
  readSectionsOfText(file, read.text, into, reports);
}

function readSectionsOfText(
  file: SettingsFile,
  text: string,
  into: Parameters<typeof readSections>[1],
  reports: boolean,
): void {
  const parsed = parseJsonc(text);
  const at = (offset: number) => {
    const { line, column } = lineColumnAt(text, offset);
    return `${file.path}:${line}:${column}`;
  };
  if (parsed.error || !isRecord(parsed.value)) {
    if (reports)
      into.warnings.push(
        `ignoring ${at(parsed.error?.offset ?? 0)}: ${parsed.error ? `not valid JSON (${parsed.error.message})` : 'it must hold one JSON object'}. Fix the file; Wave started without its rules and hooks.`,
      );
    return;
  }
  const json = parsed.value;
  const locate = (keyPath: string, index?: number) =>
    at(
      (index === undefined ? undefined : parsed.elementOffset(keyPath, index)) ??
        parsed.keyOffsets.get(keyPath) ??
        0,
    );
  const section = (value: unknown): SettingsSection => ({
    file: file.path,
    kind: file.kind,
    baseDir: file.baseDir,
    value,
    locate,
  });
  if (json.permissions !== undefined) into.permissions.push(section(json.permissions));
  if (json.hooks !== undefined) into.hooks.push(section(json.hooks));
  if (json.env !== undefined) into.env.push(section(json.env));
  if (json.statusLine !== undefined) into.statusLine.push(section(json.statusLine));
  if (json.apiKeyHelper !== undefined) into.apiKeyHelper.push(section(json.apiKeyHelper));
  const approval = Object.fromEntries(
    MCP_APPROVAL_KEYS.filter((key) => json[key] !== undefined).map((key) => [key, json[key]]),
  );
  if (Object.keys(approval).length > 0) into.mcpApproval.push(section(approval));
  const plugins = Object.fromEntries(
    PLUGIN_SETTING_KEYS.filter((key) => json[key] !== undefined).map((key) => [key, json[key]]),
  );
  if (Object.keys(plugins).length > 0) into.plugins.push(section(plugins));
  if (file.kind === 'local') {
    for (const key of Object.keys(json).filter((key) => !SECTION_KEYS.includes(key)))
      into.warnings.push(
        `"${key}" at ${locate(key)} is ignored: ${file.path} holds only "permissions", "hooks", "env", the .mcp.json approval keys and the plugin keys. Put other settings in .wave/settings.json.`,
      );
  }
}

/**
 * What --settings and --setting-sources change (settings-flags.ts): which files are read, and one
 * more layer, the user's own words, read after (over) all of them.
 */
export interface SettingsChoice {
  /** The kinds of file read; all of them when undefined. */
  readonly kinds?: readonly SettingsFileKind[];
  /** --settings: its text, and where it came from (a file, or the flag itself). */
  readonly layer?: { readonly text: string; readonly path: string; readonly baseDir: string };
}

/** The three keys of every file, whether or not the folder is trusted (trust is decided later). */
export function readSettingsSections(
  location: SettingsLocation,
  choice: SettingsChoice = {},
): SettingsSections {
  const into = {
    permissions: [] as SettingsSection[],
    hooks: [] as SettingsSection[],
    env: [] as SettingsSection[],
    mcpApproval: [] as SettingsSection[],
    statusLine: [] as SettingsSection[],
    apiKeyHelper: [] as SettingsSection[],
    plugins: [] as SettingsSection[],
    warnings: [] as string[],
  };
  const files = settingsFiles(location.waveHome, location.workdir, location.claudeHome);
  const usersFiles = new Set(files.filter((file) => !isProjectSection(file)).map((f) => f.path));
  for (const file of files) {
    // Working in the home directory makes the user's file a project file too; it is the user's.
    if (isProjectSection(file) && usersFiles.has(file.path)) continue;
    if (choice.kinds !== undefined && !choice.kinds.includes(file.kind)) continue;
    readSections(file, into);
  }
  // The command line's layer is the user's word, so it is of the user's kind, and the strongest.
  const { layer } = choice;
  if (layer !== undefined)
    readSectionsOfText(
      { kind: 'user', path: layer.path, baseDir: layer.baseDir },
      layer.text,
      into,
      false,
    );
  return into;
}
