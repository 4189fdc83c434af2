// Records the RPC methods return about sessions and the message queue.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

/**
 * How a session was started: in Wave's terminal UI, by `wave -p` (print mode, often scripted),
 * or by a host (VS Code, the desktop app, `wave web`, an ACP client).
 */
export const SessionOriginSchema = lazySchema(() => z.enum(['interactive', 'print', 'host']));

export type SessionOrigin = z.output<typeof SessionOriginSchema>;

/** One line of the session picker. */
export const SessionSummarySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    /** Epoch ms of the last change. */
    updatedAt: z.number(),
    messageCount: z.number(),
    workdir: z.string(),
    /** Absent for sessions saved before Wave recorded it. */
    origin: SessionOriginSchema.optional(),
  }),
);

export type SessionSummary = z.output<typeof SessionSummarySchema>;

/** A message typed while a turn was running, waiting its turn; editable until it is sent. */
export const QueuedMessageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    text: z.string(),
    /** The names of what the host attached to it (its `@` mentions are found when it is sent). */
    attachments: z.array(z.string()).readonly().optional(),
  }),
);

export type QueuedMessage = z.output<typeof QueuedMessageSchema>;

export const QueuedMessageListSchema = lazySchema(() => z.array(QueuedMessageSchema).readonly());
