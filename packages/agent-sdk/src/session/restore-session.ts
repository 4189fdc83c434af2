// A session read back into state. A session cut off mid-turn (a crash, kill -9) has blocks still
// open and a turn that never ended; they are closed with "repair" events, written to the file
// like any other event, so the restored session is well formed, nothing looks live that is not,
// and a notice marks where the crash cut the reply off.
import {
  applySessionEvents,
  initialSessionState,
  isNestedEvent,
} from '@wave-agent/shared-protocol';
import type {
  AgentEvent,
  Message,
  NewSessionFacts,
  SessionModel,
  SessionState,
} from '@wave-agent/shared-protocol';
import type { SessionHeader } from './session-file.js';
import { readSessionFile } from './session-reader.js';
import type { SessionLineFormat } from './session-lines.js';

export const INTERRUPTED_TOOL = 'Interrupted: Wave stopped before this call finished.';
export const UNWATCHED_TASK =
  'Wave closed before this command ended; it is no longer watched (its output so far is in its file).';
export const INTERRUPTED_TURN =
  'Wave stopped before this turn ended (the process was closed or crashed); what came before is kept, the rest of the reply was cut off here.';

export interface RestoredSession {
  readonly header: SessionHeader;
  /** How the file goes on being written (session-lines.ts). */
  readonly format: SessionLineFormat;
  /** The session as its events leave it, with the live facts (mode, model) of this process. */
  readonly state: SessionState;
  /** Events that close what the crash left open; emit them after restoring. */
  readonly repairs: readonly AgentEvent[];
  /** Skipped lines, as sentences for the user. */
  readonly problems: readonly string[];
  /** The model the session was last switched to (/model, a host's picker), if it ever was. */
  readonly switchedModel?: SessionModel;
}

function repairsFor(message: Message): AgentEvent[] {
  const repairs: AgentEvent[] = [];
  let streaming = false;
  for (const block of message.blocks) {
    if ((block.type === 'text' || block.type === 'reasoning') && block.stage === 'streaming')
      streaming = true;
    // A subagent cut off with its parent: its own open blocks close inside its thread first.
    if (block.type === 'tool' && block.thread !== undefined) {
      for (const child of block.thread)
        for (const event of repairsFor(child))
          if (isNestedEvent(event))
            repairs.push({
              type: 'subagentEvent',
              messageId: message.id,
              toolCallId: block.id,
              event,
            });
    }
    if (block.type === 'tool' && block.stage !== 'end') {
      repairs.push({
        type: 'toolBlockUpdated',
        messageId: message.id,
        id: block.id,
        name: block.name,
        stage: 'end',
        error: INTERRUPTED_TOOL,
      });
    }
    if (block.type === 'bang' && block.stage === 'running') {
      repairs.push({
        type: 'bangBlockUpdated',
        messageId: message.id,
        stage: 'end',
        exitCode: null,
      });
    }
  }
  if (streaming)
    repairs.push({
      type: 'assistantMessageFinished',
      messageId: message.id,
      finishReason: 'aborted',
    });
  return repairs;
}

/** A turn the file says started and never ended: it ends now, with a notice where it stopped. */
function turnRepairs(state: SessionState, now: number): AgentEvent[] {
  if (state.status.type !== 'running') return [];
  return [
    {
      type: 'noticeAdded',
      messageId: `interrupted-${state.status.turnId}`,
      createdAt: now,
      level: 'warning',
      message: INTERRUPTED_TURN,
    },
    {
      type: 'turnEnded',
      turnId: state.status.turnId,
      stopReason: 'error',
      error: INTERRUPTED_TURN,
      usage: { inputTokens: 0, outputTokens: 0 },
      durationMs: Math.max(0, now - state.status.startedAt),
    },
  ];
}

/** Background commands the file says still run: nobody watches them any more. */
function taskRepairs(state: SessionState, now: number): AgentEvent[] {
  return state.backgroundTasks
    .filter((task) => task.status === 'running')
    .map((task) => ({
      type: 'backgroundTaskEnded',
      taskId: task.id,
      status: 'killed',
      exitCode: null,
      outputSize: task.outputSize,
      endedAt: now,
      reason: UNWATCHED_TASK,
    }));
}

/**
 * Reads the session at `path`. The session id (the file's name) and the permission mode and the
 * model are this process's (`facts`), not the file's: a session file is history, never a grant.
 */
export function restoreSession(
  path: string,
  facts: NewSessionFacts,
  now = Date.now(),
): RestoredSession {
  const { header, format, events, problems } = readSessionFile(path);
  const replayed = applySessionEvents(initialSessionState(facts), events);
  const state: SessionState = {
    ...replayed,
    permissionMode: facts.permissionMode,
    model: facts.model,
  };
  const repairs = [
    ...state.conversation.messages.flatMap(repairsFor),
    ...taskRepairs(state, now),
    ...turnRepairs(state, now),
  ];
  const switched = events.findLast((event) => event.type === 'modelChanged');
  return {
    header,
    format,
    state,
    repairs,
    problems,
    ...(switched?.type === 'modelChanged' ? { switchedModel: replayed.model } : {}),
  };
}
