// A program the terminal rows run under a pseudo-terminal: Wave's interactive UI, or a peer's
// (peers/claude-code.ts, peers/codex.ts). Each gets a fresh home folder and is pointed at the bench's mock-llm.
import { benchEnv } from './bench-env.js';
import type { WaveCommand } from './wave-command.js';

export interface TerminalLaunch {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Record<string, string>;
}

/** The peers Wave's terminal rows are measured beside, each with its goals (issue12-goals.ts). */
export type PeerKey = 'claudeCode' | 'codex';

export interface TerminalProgram {
  readonly label: string;
  /** Which peer this is; none for Wave. */
  readonly peer?: PeerKey;
  /** Text the program shows once its prompt takes input. */
  readonly ready: string;
  /** What to start, its settings written into `home` first. */
  launch(mockUrl: string, home: string): TerminalLaunch;
}

/** Wave's interactive UI, from a build of it. */
export function waveTerminal(wave: WaveCommand): TerminalProgram {
  return {
    label: wave.label,
    ready: 'Type a message',
    launch: (mockUrl, home) => ({
      file: process.execPath,
      args: [...wave.nodeArgs],
      cwd: home,
      env: benchEnv({ mockUrl, home, extra: { TERM: 'xterm-256color' } }),
    }),
  };
}
