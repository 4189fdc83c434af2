// Terse builders for the events unit tests write by hand.

import type {
  AgentEvent,
  AssistantReasoningUpdatedEvent,
  BangBlockUpdatedEvent,
  ToolBlockUpdatedEvent,
} from '../events.js';
import type { Message, StreamStage } from '../messages.js';

export const assistantAdded = (messageId: string, createdAt = 1): AgentEvent => ({
  type: 'assistantMessageAdded',
  messageId,
  createdAt,
});

export const text = (
  messageId: string,
  chunk: string,
  stage: StreamStage = 'streaming',
): AgentEvent => ({
  type: 'assistantContentUpdated',
  messageId,
  chunk,
  stage,
});

export const reasoning = (
  messageId: string,
  chunk: string,
  stage: StreamStage = 'streaming',
  extra: Partial<AssistantReasoningUpdatedEvent> = {},
): AgentEvent => ({ type: 'assistantReasoningUpdated', messageId, chunk, stage, ...extra });

export const tool = (
  messageId: string,
  id: string,
  stage: ToolBlockUpdatedEvent['stage'],
  extra: Partial<ToolBlockUpdatedEvent> = {},
): AgentEvent => ({ type: 'toolBlockUpdated', messageId, id, stage, name: 'read', ...extra });

export const bang = (
  messageId: string,
  stage: BangBlockUpdatedEvent['stage'],
  extra: Partial<BangBlockUpdatedEvent> = {},
): AgentEvent => ({ type: 'bangBlockUpdated', messageId, stage, ...extra });

export const userMessage = (id: string, content = 'hi'): Message => ({
  id,
  role: 'user',
  blocks: [{ type: 'text', content, stage: 'end' }],
  createdAt: 1,
});

export const userAdded = (id: string, content = 'hi'): AgentEvent => ({
  type: 'userMessageAdded',
  message: userMessage(id, content),
});
