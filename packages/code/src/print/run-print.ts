// Print mode: one prompt, the answer streamed to stdout as it arrives, then exit. It is a host
// like any other: a session of @wave-agent/client (in-process), whose events it prints as they
// are applied. Nobody can answer a permission question here, so calls that need permission are
// denied with a reason unless --permission-mode allows them. Ctrl-C aborts the turn; what was
// printed stays, and the exit code is 130.
import type { AgentOptions } from '@wave-agent/agent-sdk';
import type { SessionHandle } from '@wave-agent/client';
import { RPC_ERROR_CODES, RpcError, sessionCostUsd } from '@wave-agent/shared-protocol';
import type { Message, TurnSummary } from '@wave-agent/shared-protocol';
import { openLocalSession } from '../cli/local-session.js';
import type { CliIo } from '../cli/cli-io.js';
import type { CliOptions, OutputFormat } from '../cli/cli-options.js';
import { printStart } from './print-agent-options.js';
import { UsageError } from '../cli/usage-error.js';
import { printOutputFor } from './print-output-for.js';
import { readStdinPrompt } from './read-stdin-prompt.js';
import { isFailure } from './result-record.js';
import { budgetProblem, budgetSpent } from './budget-guard.js';
import { turnTally } from './turn-tally.js';
import { structuredAnswer } from './structured-answer.js';
import { errorText } from '@wave-agent/shared-protocol';

export const INTERRUPTED_EXIT_CODE = 130;

export interface PrintRun {
  readonly prompt: string | undefined;
  readonly outputFormat: OutputFormat;
  /** The session flags and Claude Code's print-mode flags (print-agent-options.ts). */
  readonly flags: Pick<CliOptions, 'resume' | 'continueSession' | 'print'>;
  readonly agentOptions: AgentOptions & { readonly workdir: string; readonly waveHome: string };
  readonly io: CliIo;
}

/** The text of the last assistant message that came after the last user message. */
function lastAnswerText(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user') return '';
    if (message?.role !== 'assistant') continue;
    return message.blocks.map((block) => (block.type === 'text' ? block.content : '')).join('');
  }
  return '';
}

/** Sends the prompt and resolves with the end of its turn (turnEnded). */
function turnOf(session: SessionHandle, prompt: string): Promise<TurnSummary> {
  return new Promise<TurnSummary>((resolve, reject) => {
    const stop = session.onEvent((event) => {
      if (event.type !== 'turnEnded') return;
      stop();
      const { type: _type, turnId: _turnId, ...summary } = event;
      resolve(summary);
    });
    session.sendMessage(prompt).catch((error: unknown) => {
      stop();
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

export async function runPrint(run: PrintRun): Promise<number> {
  const { io } = run;
  const prompt = run.prompt ?? (await readStdinPrompt(io.stdin));
  if (prompt.trim() === '') {
    throw new UsageError(
      '-p needs a prompt: wave -p "your question", or pipe one in: echo "your question" | wave -p.',
    );
  }
  const start = printStart(run.flags, run.agentOptions);
  if ('problem' in start) {
    io.stderr.write(`wave: ${start.problem}\n`);
    return 1;
  }
  const local = await openLocalSession({
    agentOptions: { ...run.agentOptions, ...start.options },
    askPermissions: false,
  });
  const { session } = local;
  // What went wrong reading the memory files (a missing import, a cut) is said before the turn.
  for (const warning of session.getSnapshot().context.warnings)
    io.stderr.write(`wave: warning: ${warning}\n`);
  const maxBudgetUsd = run.flags.print?.maxBudgetUsd;
  const cannotBudget =
    maxBudgetUsd === undefined ? undefined : budgetProblem(maxBudgetUsd, session.getSnapshot());
  if (cannotBudget !== undefined) {
    io.stderr.write(`wave: ${cannotBudget}\n`);
    await local.close();
    return 1;
  }
  const output = printOutputFor(run.outputFormat, io.stdout, io.stderr);
  const tally = turnTally();
  let overBudget: string | undefined;
  const unsubscribe = session.onEvent((event, state) => {
    output.event(event, state);
    tally.event(event);
    const callEnded = event.type === 'assistantMessageFinished' || event.type === 'usageUpdated';
    if (maxBudgetUsd === undefined || overBudget !== undefined || !callEnded) return;
    overBudget = budgetSpent(maxBudgetUsd, state);
    if (overBudget === undefined) return;
    session.abort().catch((error: unknown) => {
      io.stderr.write(`wave: could not stop the turn at the budget (${errorText(error)}).\n`);
    });
  });

  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) {
      // A second Ctrl-C means "now": the first one's clean abort is taking too long. Not
      // process.exit: it waits for Node's worker threads, and one stuck in the kernel (a hung
      // file system, a pipe nobody writes) would keep the process alive until SIGKILL. Dying of
      // the signal itself, as a program without a handler does, ends it at once (status 130).
      io.stderr.write('wave: interrupted again; exiting at once.\n');
      process.off('SIGINT', onInterrupt);
      process.kill(process.pid, 'SIGINT');
      return;
    }
    interrupted = true;
    session.abort().catch((error: unknown) => {
      io.stderr.write(
        `wave: could not stop the turn (${errorText(error)}); press Ctrl-C again to exit at once.\n`,
      );
    });
  };
  process.on('SIGINT', onInterrupt);
  try {
    let turn: TurnSummary;
    try {
      turn = await turnOf(session, prompt);
    } catch (error) {
      // The message was refused before anything was sent (an image the model cannot take).
      if (!(error instanceof RpcError && error.code === RPC_ERROR_CODES.invalidParams)) throw error;
      io.stderr.write(`wave: ${error.message}\n`);
      return 1;
    }
    const snapshot = session.getSnapshot();
    const totalCostUsd = sessionCostUsd(snapshot);
    const resultText = lastAnswerText(snapshot.conversation.messages);
    const schema = run.flags.print?.jsonSchema;
    // A turn that failed (or stopped at the budget, an abort) has no answer to check.
    const structured =
      schema === undefined || isFailure({ turn, interrupted })
        ? undefined
        : structuredAnswer(resultText, schema);
    const outcome = {
      turn,
      sessionId: session.id,
      resultText,
      interrupted,
      numTurns: tally.modelCalls(),
      durationApiMs: tally.apiMs(),
      ...(totalCostUsd !== undefined ? { totalCostUsd } : {}),
      ...(overBudget !== undefined ? { overBudget } : {}),
      ...(structured !== undefined ? { structured } : {}),
    };
    output.finish(outcome);
    if (interrupted) {
      io.stderr.write('wave: interrupted; the output above is partial.\n');
      return INTERRUPTED_EXIT_CODE;
    }
    return isFailure(outcome) ? 1 : 0;
  } finally {
    process.off('SIGINT', onInterrupt);
    unsubscribe();
    await local.close();
  }
}
