// Reads one settings file (JSON with comments and trailing commas). A missing file is no
// settings; a broken one is reported with path:line:column and ignored as a whole, so Wave still
// starts with its other sources.
import { lineColumnAt, parseJsonc, parseMcpServers } from '@wave-agent/agent-sdk';
import { readSettingsText } from './read-settings-text.js';
import { checkModelSettings } from './read-model-settings.js';
import { SETTING_KEYS, SettingsSchema } from './settings-schema.js';
import type { WaveSettings } from './settings-schema.js';
import { isRecord } from '@wave-agent/shared-protocol';

export interface SettingsFileRead {
  readonly settings: WaveSettings;
  /** One line each, already saying what to do. */
  readonly warnings: readonly string[];
  /** Where a key is written (a dotted path for nested ones), for later warnings (e.g. a misplaced apiKey). */
  readonly keyLocation: (keyPath: string) => string;
  /** Why the whole file was ignored (a warning says it too). */
  readonly problem?: string;
}

const NOTHING: SettingsFileRead = { settings: {}, warnings: [], keyLocation: () => '' };

function ignored(where: string, problem: string): SettingsFileRead {
  return {
    ...NOTHING,
    warnings: [`ignoring ${where}: ${problem}. Fix the file; Wave started without it.`],
    problem: `${where}: ${problem}`,
  };
}

export function readSettingsFile(path: string): SettingsFileRead {
  const read = readSettingsText(path);
  if (read.kind === 'missing') return NOTHING;
  if (read.kind === 'unreadable') return ignored(path, `it cannot be read (${read.reason})`);
  return settingsFromText(read.text, path);
}

/** Settings written as `text`; `path` names where they came from in what is said about them. */
export function settingsFromText(text: string, path: string): SettingsFileRead {
  const at = (offset: number) => {
    const { line, column } = lineColumnAt(text, offset);
    return `${path}:${line}:${column}`;
  };
  const parsedText = parseJsonc(text);
  if (parsedText.error)
    return ignored(at(parsedText.error.offset), `not valid JSON (${parsedText.error.message})`);
  const json = parsedText.value;
  const keyLocation = (keyPath: string) => at(parsedText.keyOffsets.get(keyPath) ?? 0);
  if (!isRecord(json))
    return ignored(at(0), 'it must hold one JSON object, like {"model": "claude-sonnet-4-5"}');

  // Each configured model and each MCP server is checked on its own: one bad entry is skipped,
  // not the whole file.
  const models = checkModelSettings(json, keyLocation);
  const mcp = parseMcpServers(json.mcpServers, keyLocation('mcpServers'));
  const parsed = SettingsSchema.safeParse(
    json.mcpServers === undefined ? models.json : { ...models.json, mcpServers: mcp.servers },
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = String(issue?.path[0] ?? '');
    return ignored(keyLocation(key), `"${key}": ${issue?.message ?? 'invalid value'}`);
  }
  const warnings = [
    ...models.warnings,
    ...mcp.problems,
    ...Object.keys(json)
      .filter((key) => !SETTING_KEYS.includes(key))
      .map(
        (key) =>
          `unknown setting "${key}" at ${keyLocation(key)} is ignored. Known settings: ${SETTING_KEYS.join(', ')}.`,
      ),
  ];
  return { settings: parsed.data, warnings, keyLocation };
}
