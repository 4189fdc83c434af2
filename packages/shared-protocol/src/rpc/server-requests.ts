// Requests the server sends to the client (the host answers them): asking the user. Permission
// questions are not among them: they are session state (`permissionRequested`) that any attached
// host answers with `answerPermission`, so a host that reloads can still show and answer them.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

/** One thing the work folder's own files ask for that only the user may allow. */
export const ProjectRequestSchema = lazySchema(() =>
  z.object({
    /** Stable identity of the request (e.g. `permissionMode=bypassPermissions`); trust is per key. */
    key: z.string(),
    /** The file that asks (e.g. `/repo/.wave/settings.json`). */
    source: z.string(),
    /** The setting, as written in the file (e.g. `permissionMode`). */
    setting: z.string(),
    /** Its value, as text (e.g. `bypassPermissions`, `Bash`, `https://example.com/v1`). */
    value: z.string(),
    /** What allowing it means, in words (e.g. "run every tool, including commands, without asking"). */
    description: z.string(),
  }),
);

/**
 * Asked before a session starts in a folder whose files (`.wave/settings.json`, `.mcp.json`,
 * later hooks and agents) ask for more than Wave allows by default: a higher permission mode,
 * tools that run without asking, another provider or endpoint (where the user's key would go),
 * MCP servers to start (`mcpServers.<name>`, the value its whole command line or URL). Until the host says yes, these requests are ignored. A host that
 * cannot ask anyone answers `trusted: false` (or with an error, which counts the same).
 */
export const RequestWorkspaceTrustParamsSchema = lazySchema(() =>
  z.object({
    /** The folder, with links resolved. */
    workdir: z.string(),
    requests: z.array(ProjectRequestSchema).readonly(),
  }),
);

export const RequestWorkspaceTrustResultSchema = lazySchema(() =>
  z.object({
    trusted: z.boolean(),
    /** With `trusted`: Wave remembers these requests for this folder in $WAVE_HOME and does not ask again. */
    remember: z.boolean().optional(),
  }),
);

export const RPC_SERVER_REQUESTS = {
  requestWorkspaceTrust: {
    params: RequestWorkspaceTrustParamsSchema,
    result: RequestWorkspaceTrustResultSchema,
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

export type ProjectRequest = z.output<typeof ProjectRequestSchema>;
export type RequestWorkspaceTrustParams = RpcServerRequestParams<'requestWorkspaceTrust'>;
export type RequestWorkspaceTrustResult = RpcServerRequestResult<'requestWorkspaceTrust'>;
