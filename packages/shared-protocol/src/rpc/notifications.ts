// The server → client notifications. Events travel in batches, one notification per batch: the
// events of one session, in order, numbered by the session's sequence (the first event a session
// emits is 1). A host applies a batch that starts right after the last number it has, ignores
// one its last pull already covers, and pulls again on a gap (ARCHITECTURE §2.4, §2.6).

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';
import type { AgentEvent } from '../events.js';

export const SessionEventBatchSchema = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    /** The sequence number of the first event this batch covers. */
    fromSeq: z.number().int().positive(),
    /** The sequence number of the last event it covers (merged deltas cover several numbers). */
    toSeq: z.number().int().positive(),
    /** Validated one by one (`parseAgentEvent`), so one event a host does not know costs only itself. */
    events: z.array(z.unknown()).readonly(),
  }),
);

export const RPC_NOTIFICATIONS = {
  sessionEvents: SessionEventBatchSchema,
} as const satisfies Record<string, z.ZodType>;

export type RpcNotificationName = keyof typeof RPC_NOTIFICATIONS;
export type RpcNotificationParams<N extends RpcNotificationName> = z.output<
  (typeof RPC_NOTIFICATIONS)[N]
>;

export function isRpcNotificationName(name: string): name is RpcNotificationName {
  return Object.hasOwn(RPC_NOTIFICATIONS, name);
}

/** A batch as a server builds it (its events already typed). */
export interface SessionEventBatch {
  readonly sessionId: string;
  readonly fromSeq: number;
  readonly toSeq: number;
  readonly events: readonly AgentEvent[];
}
