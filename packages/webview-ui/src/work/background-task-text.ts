// A background command in words, as /tasks and the line under the conversation say it: its
// status (with the exit code once it ended), how much it wrote, and its latest line.
import type { BackgroundTask } from '@wave-agent/shared-protocol';

export function taskStatus(task: BackgroundTask): string {
  if (task.status === 'running') return 'running';
  const code = task.exitCode === null ? 'no exit code' : `exit code ${task.exitCode ?? '?'}`;
  return `${task.status} (${code})`;
}

export function outputSize(chars: number): string {
  if (chars < 1000) return `${chars} characters`;
  if (chars < 1_000_000) return `${(chars / 1000).toFixed(1)}k characters`;
  return `${(chars / 1_000_000).toFixed(2)}M characters`;
}

/** The last line the command wrote that has any text, if any. */
export function latestLine(tail: string): string | undefined {
  const line = tail.trimEnd().split('\n').at(-1)?.trim();
  return line ? line : undefined;
}

/** "2 background commands running", or nothing when none runs. */
export function runningSummary(tasks: readonly BackgroundTask[]): string | undefined {
  const running = tasks.filter((task) => task.status === 'running').length;
  if (running === 0) return undefined;
  return `${running} background command${running === 1 ? '' : 's'} running`;
}
