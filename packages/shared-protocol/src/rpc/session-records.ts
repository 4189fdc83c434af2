// Records the RPC methods return about sessions and the message queue.

import { z } from 'zod';

/** One line of the session picker. */
export const SessionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Epoch ms of the last change. */
  updatedAt: z.number(),
  messageCount: z.number(),
  workdir: z.string(),
});

export type SessionSummary = z.output<typeof SessionSummarySchema>;

/** A message typed while a turn was running, waiting its turn; editable until it is sent. */
export const QueuedMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
});

export type QueuedMessage = z.output<typeof QueuedMessageSchema>;

export const QueuedMessageListSchema = z.array(QueuedMessageSchema).readonly();
