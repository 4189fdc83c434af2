// `wave --version`: the version, and which model Wave would talk to and why.
import { describeProvider, resolveProvider } from '@wave-agent/agent-sdk';
import type { AgentOptions } from '@wave-agent/agent-sdk';
import { packageVersion } from './package-version.js';

/** Throws the SDK's ConfigError when the configuration cannot work. */
export function versionText(options: AgentOptions): string {
  const provider = resolveProvider({
    explicit: options,
    ...(options.env ? { env: options.env } : {}),
    ...(options.settings ? { files: options.settings } : {}),
  });
  return `wave ${packageVersion()}\nmodel: ${describeProvider(provider)}\n`;
}
