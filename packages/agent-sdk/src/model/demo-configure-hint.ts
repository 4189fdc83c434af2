// What the offline demo tells the user to do for a real model, in the terms of the program they
// are using: the terminal's environment and settings.json, VS Code's `wave.*` settings and its
// key command, the desktop app's settings. A host names itself when it opens a session.
import type { HostName } from '@wave-agent/shared-protocol';

export const DEMO_CONFIGURE_HINT =
  'To use a real model, set WAVE_PROVIDER=anthropic with WAVE_API_KEY (or ANTHROPIC_API_KEY), ' +
  'or WAVE_PROVIDER=openai with OPENAI_API_KEY (WAVE_BASE_URL for any OpenAI-compatible server), ' +
  'or set "provider" in ~/.wave/settings.json, then start wave again.';

const HINTS: Record<HostName, string> = {
  terminal: DEMO_CONFIGURE_HINT,
  web: DEMO_CONFIGURE_HINT,
  vscode:
    'To use a real model, set "wave.provider" (anthropic or openai) in VS Code\'s settings, ' +
    'and "wave.baseURL" for any OpenAI-compatible server, then run "Wave: Set API Key…" from ' +
    'the command palette and restart Wave when it offers to.',
  desktop:
    'To use a real model, open Wave\'s settings (~/.wave/settings.json: "provider", and "models" ' +
    'for several) and give it your API key in WAVE_API_KEY, then open the folder again.',
};

export function demoConfigureHint(host: HostName | undefined): string {
  return HINTS[host ?? 'terminal'];
}
