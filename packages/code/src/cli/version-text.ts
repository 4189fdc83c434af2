// `wave --version`: the version, which model Wave would talk to and why, and the configured
// models to switch to (with what each is chosen for).
import { describeProvider, resolveModelSetup } from '@wave-agent/agent-sdk';
import type { AgentOptions } from '@wave-agent/agent-sdk';
import { packageVersion } from './package-version.js';

/** Throws the SDK's ConfigError when the configuration cannot work. */
export function versionText(options: AgentOptions): string {
  const { start, catalog } = resolveModelSetup({
    explicit: options,
    ...(options.env ? { env: options.env } : {}),
    ...(options.settings ? { files: options.settings } : {}),
  });
  const listed = catalog.listed();
  const models =
    listed.length > 1
      ? `models: ${listed.map((model) => `${model.name}${model.purposes.length > 0 ? ` (${model.purposes.join(', ')})` : ''}`).join(', ')}\n`
      : '';
  return `wave ${packageVersion()}\nmodel: ${describeProvider(start)}\n${models}`;
}
