// Requests the server sends to the client (the host answers them): asking the user.

import { z } from 'zod';

export const PERMISSION_DECISIONS = ['allow', 'allowSession', 'deny'] as const;

export const RequestPermissionParamsSchema = z.object({
  sessionId: z.string(),
  toolName: z.string(),
  toolCallId: z.string(),
  /** The tool call's input as JSON text. */
  input: z.string(),
  compactParams: z.string().optional(),
  /** Why the agent is asking (e.g. the command is outside the allow-list). */
  reason: z.string().optional(),
});

export const RequestPermissionResultSchema = z.object({
  /** `allowSession`: allow, and stop asking for this tool in this session. */
  decision: z.enum(PERMISSION_DECISIONS),
  /** With `deny`: what the user said; the model sees it. */
  reason: z.string().optional(),
});

export const RPC_SERVER_REQUESTS = {
  requestPermission: {
    params: RequestPermissionParamsSchema,
    result: RequestPermissionResultSchema,
  },
} as const satisfies Record<string, { readonly params: z.ZodType; readonly result: z.ZodType }>;

export type RpcServerRequestName = keyof typeof RPC_SERVER_REQUESTS;
export type RpcServerRequestParams<R extends RpcServerRequestName> = z.output<
  (typeof RPC_SERVER_REQUESTS)[R]['params']
>;
export type RpcServerRequestResult<R extends RpcServerRequestName> = z.output<
  (typeof RPC_SERVER_REQUESTS)[R]['result']
>;

export function isRpcServerRequestName(name: string): name is RpcServerRequestName {
  return Object.hasOwn(RPC_SERVER_REQUESTS, name);
}

export type PermissionDecision = (typeof PERMISSION_DECISIONS)[number];
export type RequestPermissionParams = RpcServerRequestParams<'requestPermission'>;
export type RequestPermissionResult = RpcServerRequestResult<'requestPermission'>;
