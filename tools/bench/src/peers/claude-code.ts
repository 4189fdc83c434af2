// Claude Code (npm @anthropic-ai/claude-code, pinned) as a peer in the terminal rows: installed
// on demand (peer-install.ts), run against the bench's mock-llm over the Anthropic wire. A fresh
// home holds the settings a first start would ask for (onboarding done, the API key approved,
// the folder trusted), so it starts at its prompt. Running as root needs IS_SANDBOX=1; the
// non-essential traffic (telemetry, update checks) is off, so it asks only the mock.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv } from '../bench-env.js';
import type { TerminalProgram } from '../terminal-program.js';
import { installPeer } from './peer-install.js';

export const CLAUDE_CODE = { name: '@anthropic-ai/claude-code', version: '2.1.332' } as const;

const API_KEY = 'bench-key-0123456789abcdef';
/** Claude Code remembers an approved key by its last 20 characters. */
const KEY_SUFFIX = API_KEY.slice(-20);

/** The executable the package installed: its own bin, or the platform package's binary. */
function executable(dir: string): string | undefined {
  const candidates = [
    join(dir, 'node_modules/@anthropic-ai/claude-code/bin/claude.exe'),
    join(dir, `node_modules/@anthropic-ai/claude-code-linux-${process.arch}/claude`),
  ];
  return candidates.find((file) => existsSync(file));
}

/** Claude Code as a terminal program, or the sentence saying why it cannot run here. */
export function claudeCodeTerminal(): TerminalProgram | string {
  const installed = installPeer(CLAUDE_CODE);
  if (!installed.ok) return installed.reason;
  const file = executable(installed.dir);
  if (file === undefined)
    return `${CLAUDE_CODE.name} installed no executable for linux-${process.arch}`;
  return {
    label: `Claude Code ${CLAUDE_CODE.version}`,
    peer: 'claudeCode',
    ready: 'shift+tab to cycle',
    launch: (mockUrl, home) => {
      const work = join(home, 'work');
      mkdirSync(work, { recursive: true });
      writeFileSync(
        join(home, '.claude.json'),
        JSON.stringify({
          hasCompletedOnboarding: true,
          theme: 'dark',
          customApiKeyResponses: { approved: [KEY_SUFFIX], rejected: [] },
          projects: {
            [work]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true },
          },
        }),
      );
      return {
        file,
        args: [],
        cwd: work,
        env: benchEnv({
          mockUrl,
          home,
          extra: {
            HOME: home,
            TERM: 'xterm-256color',
            IS_SANDBOX: '1',
            CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
            DISABLE_AUTOUPDATER: '1',
            ANTHROPIC_BASE_URL: mockUrl,
            ANTHROPIC_API_KEY: API_KEY,
          },
        }),
      };
    },
  };
}
