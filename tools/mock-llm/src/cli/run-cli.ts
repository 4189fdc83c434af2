// The CLI without the process around it: parse flags, load the scenario, start the server, and
// say how to point Wave at it. Exit code 2 means the user's input (flags or scenario) was wrong.
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { ScenarioError } from '../scenario/parse-scenario.js';
import { loadScenarioFile } from '../scenario/load-scenario-file.js';
import { start, type MockLlm } from '../server/start-mock-llm.js';
import { CliUsageError, parseCliArgs, usage } from './parse-cli-args.js';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  cwd: string;
  /** Where the user typed the command; pnpm runs scripts in the package folder and says so in INIT_CWD. */
  invokedFrom: string | undefined;
}

export type CliOutcome = { kind: 'exit'; code: number } | { kind: 'serving'; server: MockLlm };

/** Relative paths are taken from where the user stood, falling back to the package folder. */
function resolveScenarioPath(path: string, io: CliIo): string {
  if (isAbsolute(path)) return path;
  const fromInvocation = resolve(io.invokedFrom ?? io.cwd, path);
  const fromCwd = resolve(io.cwd, path);
  return existsSync(fromInvocation) || !existsSync(fromCwd) ? fromInvocation : fromCwd;
}

export function envLines(url: string): string[] {
  return [
    `  WAVE_PROVIDER=openai WAVE_BASE_URL=${url}/v1 WAVE_API_KEY=mock-key`,
    `  WAVE_PROVIDER=anthropic WAVE_BASE_URL=${url} WAVE_API_KEY=mock-key`,
  ];
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<CliOutcome> {
  try {
    const args = parseCliArgs(argv);
    if (args.help) {
      io.out(usage);
      return { kind: 'exit', code: 0 };
    }
    const scenario = await loadScenarioFile(resolveScenarioPath(args.scenario, io));
    const server = await start({ scenario, port: args.port, host: args.host, log: io.err });
    const turns = `${scenario.turns.length} turn${scenario.turns.length === 1 ? '' : 's'}`;
    io.out(`mock-llm: scenario "${scenario.name}" (${turns}) listening on ${server.url}`);
    io.out('Point Wave at it with one of:');
    for (const line of envLines(server.url)) io.out(line);
    io.out('Requests are logged on stderr. Ctrl-C stops the server.');
    return { kind: 'serving', server };
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.err(`mock-llm: ${error.message} (${usage})`);
      return { kind: 'exit', code: 2 };
    }
    if (error instanceof ScenarioError) {
      io.err(`mock-llm: ${error.message}`);
      return { kind: 'exit', code: 2 };
    }
    io.err(`mock-llm: ${error instanceof Error ? error.message : String(error)}`);
    return { kind: 'exit', code: 1 };
  }
}
