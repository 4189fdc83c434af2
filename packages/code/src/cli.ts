// The wave command: arguments → one of five modes (interactive UI, print, --stdio, --acp, web). What the
// work folder's settings ask for beyond the defaults needs the user's trust: the UI asks, the
// bridge asks its host, print mode and --version use only folders already trusted (and, for the
// project's MCP servers, --permission-mode bypassPermissions). Every
// failure ends here as one line on stderr and an exit code: 2 for what the user must fix in
// the command line or configuration, 1 for anything else (what the system refused, in words;
// a bug, said to be one, its stack only with WAVE_DEBUG: cli/unexpected-error.ts).
import { trustedHooks } from './settings/hook-requests.js';
import {
  ConfigError,
  decideWorkspaceTrust,
  resolveClaudeHome,
  resolveWaveHome,
} from '@wave-agent/agent-sdk';
import type { Logger } from '@wave-agent/agent-sdk';
import { agentOptions } from './cli/agent-options.js';
import type { CliIo } from './cli/cli-io.js';
import { fileLogger, logFilePath } from './cli/file-logger.js';
import { HELP_TEXT, WEB_HELP_TEXT } from './cli/help-text.js';
import { parseCliArgs } from './cli/parse-cli-args.js';
import { debugRequested } from './cli/debug-switch.js';
import { unexpectedErrorText } from './cli/unexpected-error.js';
import { USAGE_EXIT_CODE, UsageError, usageLine } from './cli/usage-error.js';
import { versionText } from './cli/version-text.js';
import { resolveWorkdir } from './cli/workdir.js';
import { runTrustCommand, TRUST_COMMAND } from './cli/trust-command.js';
import { MCP_COMMAND } from './mcp-cli/mcp-command.js';
import { PLUGIN_COMMAND } from './plugin-cli/plugin-name.js';
import { loadSettings } from './settings/load-settings.js';
import {
  HOW_TO_TRUST,
  projectRequests,
  trustReport,
  trustedSettings,
} from './settings/project-trust.js';
import type { ProjectSettings } from './settings/project-trust.js';
import { isMcpServerRequest } from './settings/mcp-server-requests.js';
import { withFlagLayer } from './settings/flag-layer.js';

export interface CliContext {
  readonly io: CliIo;
  /** The directory wave was started in. */
  readonly cwd: string;
}

async function dispatch(argv: readonly string[], context: CliContext): Promise<number> {
  const { io } = context;
  if (argv[0] === PLUGIN_COMMAND) {
    const { runPluginCommand } = await import('./plugin-cli/plugin-command.js');
    return runPluginCommand({
      args: argv.slice(1),
      io,
      cwd: context.cwd,
      waveHome: resolveWaveHome(io.env),
      claudeHome: resolveClaudeHome(io.env),
    });
  }
  if (argv[0] === TRUST_COMMAND) {
    const waveHome = resolveWaveHome(io.env);
    return runTrustCommand({ args: argv.slice(1), io, cwd: context.cwd, waveHome });
  }
  if (argv[0] === MCP_COMMAND) {
    const { runMcpCommand } = await import('./mcp-cli/mcp-command.js');
    const place = { waveHome: resolveWaveHome(io.env), workdir: context.cwd };
    return runMcpCommand({ args: argv.slice(1), io, place });
  }
  if (asksStreamJsonInput(argv)) {
    // `claude -p --input-format stream-json`: user messages one per line on stdin, several turns
    // in one process, Claude Code's stream-json out. That is the protocol wave-claude speaks (the
    // Claude Agent SDK starts Claude Code with these very flags), so it runs here as it.
    const { runClaudeHeadless } = await import('./claude-headless/run-headless.js');
    return runClaudeHeadless(argv, context);
  }
  const cli = parseCliArgs(argv);
  if (cli.help) {
    io.stdout.write(cli.mode === 'web' ? WEB_HELP_TEXT : HELP_TEXT);
    return 0;
  }
  const workdir = resolveWorkdir(cli.cwd, context.cwd);
  const waveHome = resolveWaveHome(io.env);
  if (cli.mode === 'stdio' && !cli.version) {
    // The JSON-RPC bridge: stdout carries protocol frames only, log lines go to stderr. Each
    // session reads the settings of its own folder, and asks the host about trust.
    const { runStdioMode } = await import('./stdio/index.js');
    return runStdioMode({ cli, io, workdir, waveHome });
  }
  if (cli.mode === 'acp' && !cli.version) {
    // The Agent Client Protocol for editors: stdout carries ACP messages only, log lines go to
    // stderr. A folder's settings wait for the editor's yes, asked at the first prompt.
    const { runAcpMode } = await import('./acp/index.js');
    return runAcpMode({ cli, io, workdir, waveHome });
  }
  if (cli.mode === 'web' && !cli.version) {
    // The chat UI in a browser: stdout carries the address only, log lines go to stderr. The
    // page asks about trust when it opens the session.
    const { runWebMode } = await import('./web/index.js');
    return runWebMode({ cli, io, workdir, waveHome });
  }
  const loaded = loadSettings(
    { waveHome, workdir, claudeHome: resolveClaudeHome(io.env) },
    cli.settingsChoice,
  );
  for (const warning of loaded.warnings) io.stderr.write(`wave: ${warning}\n`);
  const stronger = { ...cli, env: io.env };
  const project: ProjectSettings = {
    loaded,
    stronger,
    requests: projectRequests(loaded, stronger),
  };
  const logFile = logFilePath(waveHome);
  const base = { cli, env: io.env, workdir, waveHome };
  if (cli.mode === 'interactive' && !cli.version) {
    const { runInteractive } = await import('./cli/run-interactive.js');
    // Ink owns the terminal: the SDK's log lines go to the log file only.
    return runInteractive({ cli, base: { ...base, logger: fileLogger(logFile) }, project, io });
  }
  // --version and print mode ask no one: only folders the user trusted get their settings.
  // --permission-mode bypassPermissions is the user's word that the project's MCP servers may
  // start (it already lets every tool run); it never moves the key elsewhere.
  const bypass = cli.permissionMode === 'bypassPermissions';
  const trust = await decideWorkspaceTrust({
    waveHome,
    workdir,
    requests: project.requests,
    alsoGranted: new Set(
      bypass ? project.requests.filter(isMcpServerRequest).map((request) => request.key) : [],
    ),
  });
  for (const line of trustReport(trust, HOW_TO_TRUST.print)) io.stderr.write(`wave: ${line}\n`);
  const settings = withFlagLayer(
    trustedSettings(loaded, trust.granted, stronger),
    loaded.flagLayer,
  );
  const hooks = trustedHooks(loaded.hooks, trust.granted);
  if (cli.version) {
    io.stdout.write(
      versionText(
        agentOptions({ ...base, settings, logger: fileLogger(logFile), origin: 'interactive' }),
      ),
    );
    return 0;
  }
  // stderr carries print mode's own lines; the SDK's warnings (retries, already shown as
  // notices) go to the log file, its errors to both.
  const logger: Logger = fileLogger(logFile, {
    levels: ['error'],
    stacks: debugRequested(io.env),
    write: (line) => io.stderr.write(`${line}\n`),
  });
  const { runPrint } = await import('./print/run-print.js');
  return runPrint({
    prompt: cli.prompt,
    outputFormat: cli.outputFormat,
    flags: cli,
    agentOptions: agentOptions({ ...base, settings, hooks, logger, origin: 'print' }),
    io,
  });
}

/** Runs the command and returns the exit code; never throws. */
export function runCli(argv: readonly string[], context: CliContext): Promise<number> {
  return exitCodeOf(() => dispatch(argv, context), context);
}

/** Whether the arguments ask for `--input-format stream-json` (its value checked by the parser otherwise). */
function asksStreamJsonInput(argv: readonly string[]): boolean {
  return argv.some(
    (arg, index) =>
      arg === '--input-format=stream-json' ||
      (arg === '--input-format' && argv[index + 1] === 'stream-json'),
  );
}

/** The exit code of a run: a usage or configuration error is 2, anything else 1, in one line. */
export async function exitCodeOf(run: () => Promise<number>, context: CliContext): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UsageError) {
      context.io.stderr.write(`${usageLine(error)}\n`);
      return USAGE_EXIT_CODE;
    }
    if (error instanceof ConfigError) {
      context.io.stderr.write(`wave: ${error.message}\n`);
      return USAGE_EXIT_CODE;
    }
    context.io.stderr.write(unexpectedErrorText(error, context.io.env));
    return 1;
  }
}
