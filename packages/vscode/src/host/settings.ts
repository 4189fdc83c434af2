// The `wave.*` settings. Where the key goes (provider, base URL) and which program runs (the CLI
// path) are the user's words only: a repository's `.vscode/settings.json` is a stranger's, so
// those are read from the user's own settings and a workspace value is ignored (the manifest
// also declares them machine/application scoped, so VS Code does not offer them per folder).
import { PROVIDER_NAMES } from '@wave-agent/shared-protocol';
import type { WorkspaceConfiguration } from 'vscode';

export interface WaveSettings {
  readonly provider?: string;
  readonly model?: string;
  readonly baseURL?: string;
  /** The `wave` program to start; empty: the one bundled in the extension. */
  readonly cliPath?: string;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A setting as the user set it in their own (global) settings, never a folder's. */
function usersOwn(config: WorkspaceConfiguration, key: string): string | undefined {
  return nonEmpty(config.inspect<string>(key)?.globalValue);
}

export function readSettings(config: WorkspaceConfiguration): WaveSettings {
  const provider = usersOwn(config, 'provider');
  return {
    ...(provider && (PROVIDER_NAMES as readonly string[]).includes(provider) ? { provider } : {}),
    ...optional('model', nonEmpty(config.get<string>('model'))),
    ...optional('baseURL', usersOwn(config, 'baseURL')),
    ...optional('cliPath', usersOwn(config, 'cliPath')),
  };
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}
