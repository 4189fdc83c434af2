// Bash: runs a shell command in the workdir, streaming its output as it arrives. The command runs
// as its own process group so a timeout or abort stops everything it started, not just the shell.
import { z } from 'zod';
import type { CommandLauncher } from '../permissions/sandbox/command-launcher.js';
import { UNSANDBOXED } from '../permissions/sandbox/command-launcher.js';
import { sandboxDenialReason } from '../permissions/sandbox/sandbox-denial.js';
import {
  BoundedOutput,
  MAX_TOOL_OUTPUT_CHARS,
  capLine,
  formatCount,
  safeCutIndex,
} from './bounded-output.js';
import { defineTool } from './define-tool.js';
import { errorCode, errorMessage } from './error-details.js';
import type { ToolContext, ToolResult } from './tool.js';

export const DEFAULT_BASH_TIMEOUT_MS = 120_000;
export const MAX_BASH_TIMEOUT_MS = 600_000;
/** How long a stopped command may take to exit after SIGTERM before its group gets SIGKILL. */
export const KILL_GRACE_MS = 2_000;
/** How long to keep reading after the shell exits, for output still in the pipe. */
const DRAIN_MS = 250;
const SHORT_RESULT_LINES = 5;
/** Where the live output stops; the end of the call brings the bounded whole. */
export const LIVE_OUTPUT_CUT = `[... live output past ${formatCount(MAX_TOOL_OUTPUT_CHARS)} characters is not shown; the result keeps its head and tail when the command ends ...]`;
const SHORT_RESULT_LINE_CHARS = 200;
const COMPACT_CHARS = 60;

// Points stderr into the stdout pipe so both arrive interleaved in the order a terminal shows
// them, then runs the command exactly as `bash -c` would.
export const MERGED_OUTPUT_SCRIPT = 'exec 2>&1; exec "$BASH" -c "$1"';

const inputSchema = z.object({
  command: z.string().min(1).describe('The bash command to run.'),
  timeout: z
    .number()
    .int()
    .positive()
    .max(MAX_BASH_TIMEOUT_MS)
    .optional()
    .describe(
      `Milliseconds before the command and every process it started are stopped. Default ${DEFAULT_BASH_TIMEOUT_MS}, at most ${MAX_BASH_TIMEOUT_MS}.`,
    ),
  description: z
    .string()
    .optional()
    .describe(
      'What the command does, in 5-10 words, shown to the user (e.g. "Run the unit tests").',
    ),
  run_in_background: z
    .boolean()
    .optional()
    .describe(
      'Run it in the background and return its id at once (servers, watchers, long builds); read its output with TaskOutput, stop it with TaskStop.',
    ),
});

export type BashInput = z.infer<typeof inputSchema>;

type StopReason = 'timeout' | 'abort';

interface ShellExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** The last few lines of output, each short, as the collapsed view shows them while running. */
export function shortResultOf(recentOutput: string): string {
  return recentOutput
    .replace(/\n+$/, '')
    .split('\n')
    .slice(-SHORT_RESULT_LINES)
    .map((line) => {
      // A progress bar redraws its line with \r; a terminal shows only the last drawing.
      const drawings = line.replace(/\r$/, '').split('\r');
      return capLine(drawings[drawings.length - 1] ?? '', SHORT_RESULT_LINE_CHARS);
    })
    .join('\n');
}

interface Outcome {
  readonly output: BoundedOutput;
  readonly exit: ShellExit | undefined;
  readonly stopReason: StopReason | undefined;
  readonly timeoutMs: number;
  /** Something the command started still holds the output pipe after the shell exited. */
  readonly backgroundGroup: number | 'other' | undefined;
  readonly problems: readonly string[];
}

function formatOutcome(outcome: Outcome): ToolResult {
  const { exit, stopReason } = outcome;
  const status: string[] = [];
  if (stopReason === 'timeout') {
    status.push(
      `Command timed out after ${formatCount(outcome.timeoutMs)} ms and was stopped, with every process it started. ` +
        `If it needs longer, pass a larger timeout (at most ${MAX_BASH_TIMEOUT_MS}); run servers and watchers in the background with their output redirected to a file (e.g. \`server > server.log 2>&1 &\`).`,
    );
  } else if (stopReason === 'abort') {
    status.push('Command aborted by the user; it was stopped, with every process it started.');
  } else if (exit?.code !== null && exit?.code !== undefined && exit.code !== 0) {
    status.push(`Exit code ${exit.code}`);
  } else if (exit?.signal) {
    status.push(`Command was killed by signal ${exit.signal}.`);
  }
  if (outcome.output.wasCut) {
    status.push(
      `Output was cut to ${formatCount(MAX_TOOL_OUTPUT_CHARS)} characters. To see the cut part, rerun the command with its output filtered (grep, head, tail, sed -n) or redirected to a file, then Read the file.`,
    );
  }
  if (outcome.backgroundGroup !== undefined && stopReason === undefined) {
    const howToStop =
      typeof outcome.backgroundGroup === 'number'
        ? ` Stop them with \`kill -- -${outcome.backgroundGroup}\` when done.`
        : '';
    status.push(
      'Processes the command started in the background are still running with the output pipe open; their further output is not read. ' +
        'Start background processes with their output redirected to a file (e.g. `server > server.log 2>&1 &`) and Read the file.' +
        howToStop,
    );
  }
  status.push(...outcome.problems);

  const text = outcome.output.toString().replace(/\s+$/, '');
  const body = text === '' ? '(no output)' : text;
  const isError =
    stopReason !== undefined || (exit !== undefined && (exit.code !== 0 || exit.signal !== null));
  return {
    output: status.length > 0 ? `${body}\n\n${status.join('\n')}` : body,
    ...(isError && { isError }),
  };
}

function isProcessGroupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

function runCommand(
  command: string,
  timeoutMs: number,
  context: ToolContext,
  launcher: CommandLauncher,
): Promise<ToolResult> {
  return new Promise((resolve) => {
    const child = launcher.spawn('bash', ['-c', MERGED_OUTPUT_SCRIPT, 'bash', command], {
      cwd: context.workdir,
      // Its own process group, so one signal to the group reaches every process it starts.
      detached: true,
      // stdin is /dev/null: a command waiting for input would otherwise hang until the timeout.
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const stdout = child.stdout;
    if (stdout === null) throw new Error('The command has no output pipe.');
    const output = new BoundedOutput(MAX_TOOL_OUTPUT_CHARS);
    // A streaming decoder keeps a multi-byte character split across two reads intact.
    const decoder = new TextDecoder('utf-8');
    const problems: string[] = [];
    let displayFailed = false;
    let exit: ShellExit | undefined;
    let outputClosed = false;
    let stopReason: StopReason | undefined;
    let sigkillSent = false;
    let settled = false;
    let drainTimer: NodeJS.Timeout | undefined;

    // What the live view was sent: the first MAX_TOOL_OUTPUT_CHARS of the output, then the short
    // result alone (its last lines). Every chunk is an event the session file keeps and every
    // view holds: a command printing 50 MB made a 50 MB session, though the model gets 30,000
    // characters of it; the whole bounded result comes with the end of the call.
    let shownChars = 0;
    const publish = (text: string): void => {
      if (text === '') return;
      output.append(text);
      if (!context.onOutput || displayFailed) return;
      const shortResult = shortResultOf(
        output.recentText(SHORT_RESULT_LINES * (SHORT_RESULT_LINE_CHARS + 1) * 4),
      );
      const room = MAX_TOOL_OUTPUT_CHARS - shownChars;
      let chunk = text;
      if (room <= 0) chunk = '';
      else if (text.length > room)
        chunk = `${text.slice(0, safeCutIndex(text, room))}\n${LIVE_OUTPUT_CUT}\n`;
      shownChars += text.length;
      try {
        context.onOutput({ chunk, shortResult });
      } catch (error) {
        // The command keeps running; the model still gets the full result.
        displayFailed = true;
        problems.push(`(Showing live output failed and was stopped: ${errorMessage(error)})`);
      }
    };

    const signalGroup = (signal: NodeJS.Signals): void => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch (error) {
        // ESRCH: every process of the group has already exited, which is what we wanted.
        if (errorCode(error) !== 'ESRCH') {
          problems.push(
            `Could not send ${signal} to the command's processes: ${errorMessage(error)}.`,
          );
        }
      }
    };

    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timeoutTimer);
      clearTimeout(drainTimer);
      context.signal.removeEventListener('abort', onAbort);
      const pipeHeld = !outputClosed;
      if (pipeHeld) stdout.destroy();
      publish(decoder.decode());
      let backgroundGroup: Outcome['backgroundGroup'];
      if (pipeHeld && child.pid !== undefined) {
        backgroundGroup = isProcessGroupAlive(child.pid) ? child.pid : 'other';
      }
      resolve(formatOutcome({ output, exit, stopReason, timeoutMs, backgroundGroup, problems }));
    };

    const stop = (reason: StopReason): void => {
      if (settled || stopReason !== undefined) return;
      stopReason = reason;
      clearTimeout(drainTimer);
      signalGroup('SIGTERM');
      // Not cleared on finish: whatever ignored SIGTERM still gets SIGKILL.
      setTimeout(() => {
        sigkillSent = true;
        signalGroup('SIGKILL');
        // Whatever still holds the pipe now is outside the group; wait only a moment for it.
        if (exit !== undefined && !settled) drainTimer = setTimeout(finish, DRAIN_MS);
      }, KILL_GRACE_MS);
    };

    const onAbort = (): void => stop('abort');
    context.signal.addEventListener('abort', onAbort, { once: true });
    const timeoutTimer = setTimeout(() => stop('timeout'), timeoutMs);

    stdout.on('data', (bytes: Buffer) => publish(decoder.decode(bytes, { stream: true })));
    stdout.on('close', () => {
      outputClosed = true;
      if (exit !== undefined) finish();
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      clearTimeout(timeoutTimer);
      if (outputClosed) return finish();
      // The shell is gone: what is still in the pipe arrives within a moment, but a background
      // process may hold the pipe open for as long as it runs. While stopping, the SIGKILL timer
      // starts this wait instead, so stragglers are killed first.
      if (stopReason === undefined || sigkillSent) drainTimer = setTimeout(finish, DRAIN_MS);
    });
    child.on('error', (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeoutTimer);
      context.signal.removeEventListener('abort', onAbort);
      resolve({
        isError: true,
        output: `Could not start bash in ${context.workdir}: ${errorMessage(error)}. Check that the working directory exists and bash is installed.`,
      });
    });
  });
}

/**
 * Runs it where the launcher says; a sandboxed run that failed the way the sandbox makes things
 * fail is offered to the user to run once outside, with the reason.
 */
async function runWhereAllowed(input: BashInput, context: ToolContext): Promise<ToolResult> {
  const launcher = context.commands ?? UNSANDBOXED;
  const timeoutMs = input.timeout ?? DEFAULT_BASH_TIMEOUT_MS;
  let result: ToolResult;
  try {
    result = await runCommand(input.command, timeoutMs, context, launcher);
  } catch (error) {
    // The sandbox is on but cannot run, and no one agreed to run outside it: nothing ran.
    return { isError: true, output: `The command was not run. ${errorMessage(error)}` };
  }
  const reason =
    launcher.sandboxed && result.isError === true && !context.signal.aborted
      ? sandboxDenialReason(result.output, launcher.network === true)
      : undefined;
  if (reason === undefined || !launcher.askToRunOutside || !launcher.outside)
    return launcher.sandboxOn ? { ...result, sandboxed: launcher.sandboxed } : result;
  if (!(await launcher.askToRunOutside(reason))) {
    return {
      ...result,
      sandboxed: true,
      output: `${result.output}\n(It ran in the sandbox and ${reason}; the user chose not to run it outside.)`,
    };
  }
  const outside = await runCommand(input.command, timeoutMs, context, launcher.outside());
  return {
    ...outside,
    sandboxed: false,
    output: `${outside.output}\n(Run outside the sandbox, as the user agreed: in the sandbox ${reason}.)`,
  };
}

async function startInBackground(input: BashInput, context: ToolContext): Promise<ToolResult> {
  const background = context.session?.background;
  if (!background) {
    return {
      isError: true,
      output:
        'Background commands are not available here; run the command without run_in_background.',
    };
  }
  try {
    const launcher = context.commands ?? UNSANDBOXED;
    const id = await background.start({
      command: input.command,
      workdir: context.workdir,
      launcher,
      ...(input.description !== undefined ? { description: input.description } : {}),
    });
    return {
      ...(launcher.sandboxOn ? { sandboxed: launcher.sandboxed } : {}),
      output: `Command running in the background with ID: ${id}. Read its output with TaskOutput (task_id "${id}"); stop it with TaskStop (task_id "${id}"). It stops when the session ends.`,
    };
  } catch (error) {
    return {
      isError: true,
      output: `Could not start the command in the background: ${errorMessage(error)}. Check that Wave's home folder can be written, or run it without run_in_background.`,
    };
  }
}

export const bashTool = defineTool<BashInput>({
  name: 'Bash',
  description: [
    'Runs a bash command in the working directory and returns its combined stdout and stderr.',
    'Use it for builds, tests, git, package managers and other programs. Prefer Read, Write, Edit, Glob, Grep and LS for reading, changing and finding files.',
    `The command has no stdin (interactive prompts get end-of-file) and is stopped, with every process it started, after timeout ms (default ${DEFAULT_BASH_TIMEOUT_MS}).`,
    `Output beyond ${formatCount(MAX_TOOL_OUTPUT_CHARS)} characters keeps its start and end. A non-zero exit code is reported as "Exit code N".`,
    'Each call starts a fresh shell: cd and exported variables do not carry over; chain commands with && instead.',
    'With run_in_background: true it returns an id at once and the command keeps running (no timeout) until it ends, TaskStop stops it, or the session ends.',
  ].join('\n'),
  inputSchema,
  partialInputSchema: inputSchema.partial(),
  permission: 'execute',
  runsCommands: true,
  compact(input) {
    const firstLine = input.command?.split('\n')[0]?.trim();
    if (!firstLine) return undefined;
    const more = input.command !== undefined && input.command.trim().includes('\n');
    if (firstLine.length > COMPACT_CHARS) return `${firstLine.slice(0, COMPACT_CHARS - 1)}…`;
    return more ? `${firstLine} …` : firstLine;
  },
  async execute(input, context) {
    if (context.signal.aborted) {
      return { isError: true, output: 'The command was not run: the user aborted the turn.' };
    }
    if (input.run_in_background === true) return startInBackground(input, context);
    return runWhereAllowed(input, context);
  },
});
