// What a method handler is: one function per method of the shared table (RPC_METHODS), given its
// params already validated and the context of the connection that asked. Handlers live beside
// the feature they serve, in a group (`… satisfies MethodGroup`); `method-handlers.ts` joins the
// groups and the compiler checks every method of the table has exactly one (ARCHITECTURE §7).
import type {
  InitializeParams,
  RpcMethodName,
  RpcMethodParams,
  RpcMethodResult,
} from '@wave-agent/shared-protocol';
import type { AgentParts } from '../agent/agent-parts.js';
import type { Logger } from '../logger.js';
import type { ServerPeer } from './server-peer.js';
import type { ServerSession } from './server-session.js';
import type { SessionRegistry } from './session-registry.js';

export interface HandlerContext {
  readonly sessions: SessionRegistry;
  /** The connection that asked. */
  readonly peer: ServerPeer;
  readonly openSession: (params: InitializeParams, peer: ServerPeer) => Promise<ServerSession>;
  readonly logger: Logger;
  /** listSessions without a workdir lists this one. */
  readonly workdir: string;
  readonly waveHome: string;
}

export type MethodHandler<M extends RpcMethodName> = (
  params: RpcMethodParams<M>,
  context: HandlerContext,
) => RpcMethodResult<M> | Promise<RpcMethodResult<M>>;

/** Every method's handler: what the joined groups must be. */
export type MethodHandlers = { readonly [M in RpcMethodName]: MethodHandler<M> };

/** Some methods' handlers: one feature's group. */
export type MethodGroup = Partial<MethodHandlers>;

/** The session a request names (or the error that says why there is none). */
export function sessionFor(
  context: HandlerContext,
  params: { readonly sessionId: string },
  method: RpcMethodName,
): ServerSession {
  return context.sessions.get(params.sessionId, method);
}

/** The session, with the asking connection's pending batches sent first (for pulls). */
export function pulledSession(
  context: HandlerContext,
  params: { readonly sessionId: string },
  method: RpcMethodName,
): ServerSession {
  const session = context.sessions.get(params.sessionId, method);
  session.flushFor(context.peer);
  return session;
}

/** The parts of the session a request names, as one group of handlers may reach them. */
export type SessionPartsOf<K extends keyof AgentParts> = (
  context: HandlerContext,
  params: { readonly sessionId: string },
  method: RpcMethodName,
) => Pick<AgentParts, K>;

/**
 * A group's way to the agent's parts: the group names at the top of its file the parts it uses,
 * and its handlers get those and no others (a Pick the compiler holds them to, and an object
 * that holds nothing else). The Agent's public surface (`session.agent`) needs no naming.
 */
export function sessionParts<K extends keyof AgentParts>(...names: K[]): SessionPartsOf<K> {
  return (context, params, method) => sessionFor(context, params, method).partsNamed(names);
}
