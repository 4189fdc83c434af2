// What the offline demo tells the user to do for a real model, in the terms of the program they
// are using: the terminal's environment and settings.json, VS Code's `wave.*` settings and its
// key command, the desktop app's settings. A host names itself when it opens a session. The
// settings file is named as it is on this machine ($WAVE_HOME/settings.json), not as a default
// that may not be the one Wave reads.
import type { HostName } from '@wave-agent/shared-protocol';

function terminalHint(settingsFile: string): string {
  return (
    'To use a real model, set WAVE_PROVIDER=anthropic with WAVE_API_KEY (or ANTHROPIC_API_KEY), ' +
    'or WAVE_PROVIDER=openai with OPENAI_API_KEY (WAVE_BASE_URL for any OpenAI-compatible server), ' +
    `or set "provider" in ${settingsFile}, then start wave again.`
  );
}

const HINTS: Record<HostName, (settingsFile: string) => string> = {
  terminal: terminalHint,
  web: terminalHint,
  vscode: () =>
    'To use a real model, set "wave.provider" (anthropic or openai) in VS Code\'s settings, ' +
    'and "wave.baseURL" for any OpenAI-compatible server, then run "Wave: Set API Key…" from ' +
    'the command palette and restart Wave when it offers to.',
  desktop: (settingsFile) =>
    `To use a real model, open Wave's settings (${settingsFile}: "provider", and "models" ` +
    'for several) and give it your API key in WAVE_API_KEY, then open the folder again.',
};

/** The advice for `host` (the terminal's when none), naming the user's settings file. */
export function demoConfigureHint(host: HostName | undefined, settingsFile: string): string {
  return HINTS[host ?? 'terminal'](settingsFile);
}
