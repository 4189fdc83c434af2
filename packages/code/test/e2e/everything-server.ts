// The npm reference MCP server `@modelcontextprotocol/server-everything` (pinned in
// package.json) as a user configures it, and `wave` started with it in a pseudo-terminal: shared
// by the terminal's MCP tests (prompts, resources, elicitation).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { E2eFixture } from './e2e-fixture.js';
import type { PtyTerminal } from './terminal.js';
import { PROMPT_READY, startWaveTerminal } from './wave-terminal.js';

const EVERYTHING_SERVER = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

/** $WAVE_HOME/settings.json with the server as `everything`, and `more` settings beside it. */
export function configureEverything(home: string, more: Record<string, unknown> = {}): void {
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } },
      ...more,
    }),
  );
}

/** `wave` in a pseudo-terminal (160 columns) with the fixture's folders, its prompt ready. */
export async function startTerminalReady(
  fx: E2eFixture,
  env: Record<string, string>,
  rows?: number,
): Promise<PtyTerminal> {
  const wave = await startWaveTerminal({
    env,
    waveHome: fx.home.path,
    cwd: fx.work.path,
    cols: 160,
    ...(rows !== undefined ? { rows } : {}),
  });
  fx.terminal = wave;
  await wave.waitFor(PROMPT_READY, 30_000);
  return wave;
}
