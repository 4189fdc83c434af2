// What goes into the session file: the conversation, and the session facts worth keeping (turn
// boundaries, so a restore knows a turn was cut off; the title; mode and model changes; tokens
// spent outside the conversation). Not what only makes sense while the process lives: the
// permission questions and the model's questions to the user (a restored session must not show
// a question no one is waiting for),
// the queue, the /btw box, replaces (the file already holds what they replay to), the output
// of background commands (each has its own file under $WAVE_HOME/tasks), and the MCP servers'
// status (it is about this process's connections; a restored session gets its own), nor the
// sandbox's status (this process's too), nor what the session loaded from files (it is read again
// whenever a session starts).
import type { AgentEventType } from '@wave-agent/shared-protocol';

const NOT_PERSISTED: ReadonlySet<AgentEventType> = new Set<AgentEventType>([
  'messagesReplaced',
  'sessionReplaced',
  'permissionRequested',
  'permissionResolved',
  'userQuestionAsked',
  'userQuestionAnswered',
  'queuedMessagesChanged',
  'btwStarted',
  'btwUpdated',
  'btwEnded',
  'btwClosed',
  'backgroundTaskOutput',
  'mcpServerConnecting',
  'mcpServerConnected',
  'mcpServerFailed',
  'mcpServerClosed',
  'sandboxStatusChanged',
  'contextLoaded',
]);

export function isPersisted(type: AgentEventType): boolean {
  return !NOT_PERSISTED.has(type);
}
