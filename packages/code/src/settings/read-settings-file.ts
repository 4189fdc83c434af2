// Reads one settings file. A missing file is no settings; a broken one is reported with
// path:line:column and ignored as a whole, so Wave still starts with its other sources.
import { readFileSync } from 'node:fs';
import { parseMcpServers } from '@wave-agent/agent-sdk';
import { lineColumnAt, scanJson, syntaxErrorOffset } from './json-locations.js';
import { checkModelSettings } from './read-model-settings.js';
import { SETTING_KEYS, SettingsSchema } from './settings-schema.js';
import type { WaveSettings } from './settings-schema.js';

export interface SettingsFileRead {
  readonly settings: WaveSettings;
  /** One line each, already saying what to do. */
  readonly warnings: readonly string[];
  /** Where a key is written (a dotted path for nested ones), for later warnings (e.g. a misplaced apiKey). */
  readonly keyLocation: (keyPath: string) => string;
}

const NOTHING: SettingsFileRead = { settings: {}, warnings: [], keyLocation: () => '' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

function ignored(where: string, problem: string): SettingsFileRead {
  return {
    ...NOTHING,
    warnings: [`ignoring ${where}: ${problem}. Fix the file; Wave started without it.`],
  };
}

export function readSettingsFile(path: string): SettingsFileRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return NOTHING;
    return ignored(
      path,
      `it cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (text.trim() === '') return NOTHING;

  const at = (offset: number) => {
    const { line, column } = lineColumnAt(text, offset);
    return `${path}:${line}:${column}`;
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const parseError = error instanceof Error ? error : new Error(String(error));
    const reason = parseError.message
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/,? ".*" is not valid JSON$/s, '');
    return ignored(at(syntaxErrorOffset(text, parseError)), `not valid JSON (${reason})`);
  }
  const { keyPaths } = scanJson(text);
  const keyLocation = (keyPath: string) => at(keyPaths.get(keyPath) ?? 0);
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
