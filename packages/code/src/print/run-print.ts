// Print mode: one prompt, the answer streamed to stdout as it arrives, then exit. Nobody can
// answer a permission prompt here, so the Agent gets no canUseTool: calls that need permission
// are denied with a reason unless --permission-mode allows them. Ctrl-C aborts the turn; what
// was printed stays, and the exit code is 130.
import { Agent } from '@wave-agent/agent-sdk';
import type { AgentOptions } from '@wave-agent/agent-sdk';
import type { Message } from '@wave-agent/shared-protocol';
import type { CliIo } from '../cli/cli-io.js';
import type { OutputFormat } from '../cli/cli-options.js';
import { UsageError } from '../cli/usage-error.js';
import { printOutputFor } from './print-output-for.js';
import { readStdinPrompt } from './read-stdin-prompt.js';
import { isFailure } from './result-record.js';

export const INTERRUPTED_EXIT_CODE = 130;

export interface PrintRun {
  readonly prompt: string | undefined;
  readonly outputFormat: OutputFormat;
  readonly agentOptions: AgentOptions;
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

export async function runPrint(run: PrintRun): Promise<number> {
  const { io } = run;
  const prompt = run.prompt ?? (await readStdinPrompt(io.stdin));
  if (prompt.trim() === '') {
    throw new UsageError(
      '-p needs a prompt: wave -p "your question", or pipe one in: echo "your question" | wave -p.',
    );
  }
  const agent = await Agent.create(run.agentOptions);
  const output = printOutputFor(run.outputFormat, io.stdout, io.stderr);
  const unsubscribe = agent.subscribe((event) => output.event(event));

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
    agent.abortMessage();
  };
  process.on('SIGINT', onInterrupt);
  try {
    const turn = await agent.sendMessage(prompt);
    const outcome = {
      turn,
      sessionId: agent.sessionId,
      resultText: lastAnswerText(agent.messages),
      interrupted,
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
    agent.destroy();
  }
}
