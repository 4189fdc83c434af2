// The commands the model left running in the background (Bash with run_in_background), as the
// session knows them: each start, output delta and end is an event (session state every host
// shows, /tasks), all output goes to a file under $WAVE_HOME, and ending the session stops them.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentEvent, BackgroundTask } from '@wave-agent/shared-protocol';
import { MAX_TOOL_OUTPUT_CHARS, formatCount } from '../tools/bounded-output.js';
import type {
  BackgroundCommands as BackgroundCommandsApi,
  BackgroundRead,
  BackgroundStart,
} from '../tools/tool-session.js';
import { errorMessage } from '../tools/error-details.js';
import { BackgroundCommand } from './background-command.js';
import type { EndStatus } from './background-command.js';
import { OutputFileReader } from './output-file-reader.js';

export const KILLED_BY_MODEL = 'TaskStop stopped it.';
export const SESSION_ENDED = 'Wave stopped it because its session ended.';

export interface BackgroundCommandsOptions {
  readonly waveHome: string;
  readonly sessionId: () => string;
  readonly emit: (event: AgentEvent) => void;
  /** The tasks of the session as its state holds them (a restored session's too). */
  readonly tasks: () => readonly BackgroundTask[];
  readonly now?: () => number;
}

export class BackgroundCommands implements BackgroundCommandsApi {
  private readonly running = new Map<string, BackgroundCommand>();
  /** Tasks whose end was already told (stopAll tells it before the process is gone). */
  private readonly told = new Set<string>();
  /** Readers of tasks an earlier run of the session started. */
  private readonly earlier = new Map<string, OutputFileReader>();

  constructor(private readonly options: BackgroundCommandsOptions) {}

  // eslint-disable-next-line @typescript-eslint/require-await -- async: a failure to start is a rejection
  async start(request: BackgroundStart): Promise<string> {
    const taskId = `bash_${randomUUID().slice(0, 8)}`;
    const folder = join(this.options.waveHome, 'tasks', this.options.sessionId());
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const outputPath = join(folder, `${taskId}.log`);
    const now = this.options.now ?? Date.now;
    this.options.emit({
      type: 'backgroundTaskStarted',
      taskId,
      command: request.command,
      ...(request.description !== undefined ? { description: request.description } : {}),
      outputPath,
      startedAt: now(),
    });
    const command = new BackgroundCommand({
      command: request.command,
      workdir: request.workdir,
      ...(request.launcher ? { launcher: request.launcher } : {}),
      outputPath,
      onOutput: (chunk) => this.options.emit({ type: 'backgroundTaskOutput', taskId, chunk }),
      onEnd: (end, outputSize) => this.tellEnd(taskId, { ...end, outputSize }),
    });
    this.running.set(taskId, command);
    void command.whenEnded().then(() => command.close());
    return taskId;
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- the interface is async
  async read(taskId: string, filter?: RegExp): Promise<BackgroundRead | undefined> {
    const task = this.options.tasks().find((known) => known.id === taskId);
    if (task === undefined) return undefined;
    const command = this.running.get(taskId);
    const notes = [...(command?.problems ?? [])];
    let reader = command ?? this.earlier.get(taskId);
    if (reader === undefined) {
      // An earlier run kept no record of what was read: this run reads from the start, once.
      reader = new OutputFileReader(task.outputPath);
      this.earlier.set(taskId, reader);
      notes.push(
        'It was started by an earlier run of this session: this is its output from the start, part of which may have been read before.',
      );
    }
    let read: { text: string; skippedBytes: number };
    try {
      read = reader.readNew(MAX_TOOL_OUTPUT_CHARS);
    } catch (error) {
      read = { text: '', skippedBytes: 0 };
      notes.push(`Could not read its output from ${task.outputPath}: ${errorMessage(error)}.`);
    }
    const shown = filter ? keepMatchingLines(read.text, filter) : read.text;
    if (read.skippedBytes > 0)
      notes.push(
        `${formatCount(read.skippedBytes)} earlier bytes were skipped to keep this short; the whole output is in ${task.outputPath}.`,
      );
    // The end as this run saw it, or as the session recorded it.
    const end = command?.end ?? (task.status === 'running' ? undefined : task);
    return {
      output: shown,
      status: end?.status ?? 'running',
      ...(end?.exitCode !== undefined ? { exitCode: end.exitCode } : {}),
      ...(notes.length > 0 ? { note: notes.join('\n') } : {}),
    };
  }

  async kill(taskId: string): Promise<string | undefined> {
    const command = this.running.get(taskId);
    const task = this.options.tasks().find((known) => known.id === taskId);
    if (task === undefined) return undefined;
    if (command === undefined || command.end !== undefined || task.status !== 'running')
      return `${taskId} had already ended (${task.status}); nothing was stopped.`;
    await command.stop(KILLED_BY_MODEL);
    return `Stopped ${taskId} (${task.command}) and every process it started.`;
  }

  /**
   * Stops every command still running, because the session ends, and tells it at once (the
   * session may close before the processes are gone). Returns the commands stopped.
   */
  stopAll(reason = SESSION_ENDED): string[] {
    const stopped: string[] = [];
    for (const [taskId, command] of this.running) {
      if (command.end !== undefined || this.told.has(taskId)) continue;
      void command.stop(reason);
      this.tellEnd(taskId, {
        status: 'killed',
        exitCode: null,
        reason,
        outputSize: command.outputSize,
      });
      stopped.push(this.options.tasks().find((task) => task.id === taskId)?.command ?? taskId);
    }
    this.running.clear();
    return stopped;
  }

  private tellEnd(
    taskId: string,
    end: { status: EndStatus; exitCode: number | null; reason?: string; outputSize: number },
  ): void {
    if (this.told.has(taskId)) return;
    this.told.add(taskId);
    this.options.emit({
      type: 'backgroundTaskEnded',
      taskId,
      status: end.status,
      exitCode: end.exitCode,
      outputSize: end.outputSize,
      endedAt: (this.options.now ?? Date.now)(),
      ...(end.reason !== undefined ? { reason: end.reason } : {}),
    });
  }
}

function keepMatchingLines(text: string, filter: RegExp): string {
  return text
    .split('\n')
    .filter((line) => {
      filter.lastIndex = 0;
      return filter.test(line);
    })
    .join('\n');
}
