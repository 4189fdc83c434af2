// Short builders for scripted AgentEvents in UI tests.

import type { AgentEvent, Message, Usage } from '@wave-agent/shared-protocol';

export const userMessage = (id: string, text: string, createdAt = 0): AgentEvent => ({
  type: 'userMessageAdded',
  message: { id, role: 'user', createdAt, blocks: [{ type: 'text', content: text, stage: 'end' }] },
});

export const assistantAdded = (messageId: string, createdAt = 0): AgentEvent => ({
  type: 'assistantMessageAdded',
  messageId,
  createdAt,
});

export const textDelta = (messageId: string, chunk: string): AgentEvent => ({
  type: 'assistantContentUpdated',
  messageId,
  chunk,
  stage: 'streaming',
});

export const textEnd = (messageId: string): AgentEvent => ({
  type: 'assistantContentUpdated',
  messageId,
  chunk: '',
  stage: 'end',
});

export const reasoningDelta = (
  messageId: string,
  chunk: string,
  startedAt?: number,
): AgentEvent => ({
  type: 'assistantReasoningUpdated',
  messageId,
  chunk,
  stage: 'streaming',
  ...(startedAt !== undefined ? { startedAt } : {}),
});

export const reasoningEnd = (messageId: string, endedAt?: number): AgentEvent => ({
  type: 'assistantReasoningUpdated',
  messageId,
  chunk: '',
  stage: 'end',
  ...(endedAt !== undefined ? { endedAt } : {}),
});

export const finished = (messageId: string, usage?: Usage): AgentEvent => ({
  type: 'assistantMessageFinished',
  messageId,
  finishReason: 'stop',
  ...(usage ? { usage } : {}),
});

export const discarded = (messageId: string): AgentEvent => ({
  type: 'assistantMessageDiscarded',
  messageId,
});

export const replaced = (messages: readonly Message[]): AgentEvent => ({
  type: 'messagesReplaced',
  messages,
});

export const toolStep = (
  messageId: string,
  id: string,
  name: string,
  step: Omit<
    Extract<AgentEvent, { type: 'toolBlockUpdated' }>,
    'type' | 'messageId' | 'id' | 'name'
  >,
): AgentEvent => ({ type: 'toolBlockUpdated', messageId, id, name, ...step });
