// Notices: sentences for the user that appear in the conversation (and so in every host).
import { randomUUID } from 'node:crypto';
import type { AgentEvent } from '@wave-agent/shared-protocol';

export function notice(level: 'info' | 'warning', message: string): AgentEvent {
  return { type: 'noticeAdded', messageId: randomUUID(), createdAt: Date.now(), level, message };
}
