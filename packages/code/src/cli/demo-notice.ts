// With nothing configured Wave runs the offline demo model, and says so before anything else.
import { demoConfigureHint, userSettingsFile } from '@wave-agent/agent-sdk';
import type { ResolvedProvider } from '@wave-agent/agent-sdk';

export function demoNotice(provider: ResolvedProvider, waveHome: string): string | undefined {
  if (provider.provider !== 'demo') return undefined;
  return `wave: using the offline demo model (${provider.reason}). ${demoConfigureHint('terminal', userSettingsFile(waveHome))}`;
}
