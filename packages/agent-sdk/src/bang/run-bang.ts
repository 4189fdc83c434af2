// `!command`: the user runs a shell command themselves. It becomes a user message holding a bang
// block, streamed like a tool (output deltas, then the exit code), persisted like any event, and
// part of what the model sees next.
import type { AgentEvent } from '@wave-agent/shared-protocol';
import type { CommandLauncher } from '../permissions/sandbox/command-launcher.js';
import { bashTool } from '../tools/bash.js';

export interface BangRun {
  readonly messageId: string;
  readonly command: string;
  readonly workdir: string;
  readonly signal: AbortSignal;
  readonly emit: (event: AgentEvent) => void;
  readonly now: () => number;
  readonly beforeExecute?: () => Promise<void>;
  /** Where it runs (the sandbox or not), or why it may not run at all. */
  readonly launcher?: () => Promise<CommandLauncher | string>;
}

const EXIT_CODE = /(?:^|\n)Exit code (\d+)/g;

export async function runBang(run: BangRun): Promise<number | null> {
  const { messageId, emit } = run;
  emit({
    type: 'userMessageAdded',
    message: {
      id: messageId,
      role: 'user',
      createdAt: run.now(),
      blocks: [{ type: 'bang', command: run.command, output: '', stage: 'running' }],
    },
  });
  const launcher = await run.launcher?.();
  if (typeof launcher === 'string') {
    emit({ type: 'bangBlockUpdated', messageId, stage: 'running', outputChunk: launcher });
    emit({ type: 'bangBlockUpdated', messageId, stage: 'end', exitCode: null, sandboxed: false });
    return null;
  }
  await run.beforeExecute?.();
  const result = await bashTool.execute(
    { command: run.command },
    {
      workdir: run.workdir,
      signal: run.signal,
      ...(launcher ? { commands: launcher } : {}),
      onOutput: (update) => {
        if (update.chunk)
          emit({
            type: 'bangBlockUpdated',
            messageId,
            stage: 'running',
            outputChunk: update.chunk,
          });
      },
    },
  );
  // The tool reports status lines after the output; the exit code is what the block keeps.
  const code = [...result.output.matchAll(EXIT_CODE)].at(-1)?.[1];
  const exitCode = result.isError ? (code !== undefined ? Number(code) : null) : 0;
  emit({
    type: 'bangBlockUpdated',
    messageId,
    stage: 'end',
    exitCode,
    ...(result.sandboxed !== undefined ? { sandboxed: result.sandboxed } : {}),
  });
  return exitCode;
}
