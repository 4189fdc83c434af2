// Which tool calls wait for a person's answer, by the message that holds them: a row (or a
// subagent's nested message) re-renders only when its own calls start or stop waiting. Given
// to nested threads through a context, as their messages are not the conversation's rows.
import type { PermissionQuestion } from '@wave-agent/shared-protocol';
import { createContext, useContext } from 'react';

export type WaitingTools = ReadonlyMap<string, ReadonlySet<string>>;

export const NO_TOOLS: ReadonlySet<string> = new Set();

export function waitingByMessage(questions: readonly PermissionQuestion[]): WaitingTools {
  const byMessage = new Map<string, Set<string>>();
  for (const question of questions) {
    if (question.messageId === undefined) continue;
    const ids = byMessage.get(question.messageId) ?? new Set<string>();
    ids.add(question.toolCallId);
    byMessage.set(question.messageId, ids);
  }
  return byMessage;
}

export const WaitingToolsContext = createContext<WaitingTools>(new Map());

export function useWaitingTools(): WaitingTools {
  return useContext(WaitingToolsContext);
}
