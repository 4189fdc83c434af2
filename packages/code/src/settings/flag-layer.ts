// --settings is the strongest settings layer (as in Claude Code): what it says replaces what the
// user's and the project's files say, and its models and MCP servers join theirs (its own win a
// clash of names). It is the user's own word on the command line, so it needs no trust. Its
// `permissions`, `hooks` and `env` are read as the last section of the user's kind
// (settings-sections.ts).
import type { TrustedSettings } from './project-trust.js';
import type { WaveSettings } from './settings-schema.js';

export function withFlagLayer(
  settings: TrustedSettings,
  layer: WaveSettings | undefined,
): TrustedSettings {
  if (layer === undefined) return settings;
  return {
    ...settings,
    ...layer,
    ...(settings.models || layer.models ? { models: { ...settings.models, ...layer.models } } : {}),
    ...(settings.mcpServers || layer.mcpServers
      ? { mcpServers: { ...settings.mcpServers, ...layer.mcpServers } }
      : {}),
    ...(settings.allowedTools || layer.allowedTools
      ? {
          allowedTools: [
            ...new Set([...(settings.allowedTools ?? []), ...(layer.allowedTools ?? [])]),
          ],
        }
      : {}),
  };
}
