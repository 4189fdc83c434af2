// `!command`: the user runs a shell command themselves. It becomes a user message holding a bang
// block, streamed like a tool (output deltas, then the exit code), persisted like any event, and
// part of what the model sees next.
import type { AgentEvent } from '@wave-agent/shared-protocol';
import { bashTool } from '../tools/bash.js';

export interface BangRun {
  readonly messageId: string;
  readonly command: string;
  readonly workdir: string;
  readonly signal: AbortSignal;
  readonly emit: (event: AgentEvent) => void;
  readonly now: () => number;
  readonly beforeExecute?: () => Promise<void>;
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
  await run.beforeExecute?.();
  const result = await bashTool.execute(
    { command: run.command },
    {
      workdir: run.workdir,
      signal: run.signal,
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
  emit({ type: 'bangBlockUpdated', messageId, stage: 'end', exitCode });
  return exitCode;
}
