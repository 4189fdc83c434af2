// Validation of what arrives over the wire. A failure is a sentence naming the method and each
// bad field, e.g. `invalid params for initialize: workdir: expected string, received number`.

import type { z } from 'zod';
import { AGENT_EVENT_SCHEMAS, isAgentEventType, type AgentEvent } from '../events.js';
import {
  isRpcMethodName,
  RPC_METHODS,
  type RpcMethodName,
  type RpcMethodParams,
  type RpcMethodResult,
} from './methods.js';
import {
  isRpcNotificationName,
  RPC_NOTIFICATIONS,
  type RpcNotificationName,
  type RpcNotificationParams,
} from './notifications.js';
import {
  isRpcServerRequestName,
  RPC_SERVER_REQUESTS,
  type RpcServerRequestName,
  type RpcServerRequestParams,
  type RpcServerRequestResult,
} from './server-requests.js';

export type ParseResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** Zod's wording, without its "Invalid input: " prefix, so field paths lead. */
const errorMessages: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type'
    ? `expected ${issue.expected}, received ${describeInput(issue.input)}`
    : undefined;

function describeInput(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'NaN';
  return typeof input;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.path.length === 0) return issue.message;
  return `${issue.path.map(String).join('.')}: ${issue.message}`;
}

/**
 * Parses `raw` with `schema`; on failure the message starts with `what`. `compiled: false` skips
 * zod's compiled parser, which builds a function (`new Function`, never in a code cache) for each
 * object schema on its first parse: worth it for what arrives often, not for what arrives once.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  what: string,
  { compiled = true }: { readonly compiled?: boolean } = {},
): ParseResult<z.output<S>> {
  const result = schema.safeParse(raw, { error: errorMessages, jitless: !compiled });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: `${what}: ${result.error.issues.map(describeIssue).join('; ')}` };
}

function unknownName(kind: string, name: string): ParseResult<never> {
  return { ok: false, message: `unknown ${kind}: ${name}` };
}

/** Validates the params of a client → server request. */
export function parseMethodParams<M extends RpcMethodName>(
  method: M,
  raw: unknown,
): ParseResult<RpcMethodParams<M>>;
export function parseMethodParams(
  method: string,
  raw: unknown,
): ParseResult<RpcMethodParams<RpcMethodName>>;
export function parseMethodParams(method: string, raw: unknown): ParseResult<unknown> {
  if (!isRpcMethodName(method)) return unknownName('method', method);
  // A host's requests are few and small (a message, a mode change): compiling a parser for each
  // cost print mode ~1.3 ms of its start (two requests) and saves nothing later (issue 27).
  return parseWith(RPC_METHODS[method].params, raw, `invalid params for ${method}`, {
    compiled: false,
  });
}

/** Validates the result of a client → server request (the client checks what it got). */
export function parseMethodResult<M extends RpcMethodName>(
  method: M,
  raw: unknown,
): ParseResult<RpcMethodResult<M>>;
export function parseMethodResult(
  method: string,
  raw: unknown,
): ParseResult<RpcMethodResult<RpcMethodName>>;
export function parseMethodResult(method: string, raw: unknown): ParseResult<unknown> {
  if (!isRpcMethodName(method)) return unknownName('method', method);
  return parseWith(RPC_METHODS[method].result, raw, `invalid result for ${method}`);
}

/** Validates the params of a server → client notification. */
export function parseNotification<N extends RpcNotificationName>(
  name: N,
  raw: unknown,
): ParseResult<RpcNotificationParams<N>>;
export function parseNotification(
  name: string,
  raw: unknown,
): ParseResult<RpcNotificationParams<RpcNotificationName>>;
export function parseNotification(name: string, raw: unknown): ParseResult<unknown> {
  if (!isRpcNotificationName(name)) return unknownName('notification', name);
  return parseWith(RPC_NOTIFICATIONS[name], raw, `invalid params for ${name}`);
}

/** The schemas of a server → client request, looked up by a name from the wire. */
function serverRequestSchemas(
  name: string,
): { readonly params: z.ZodType; readonly result: z.ZodType } | undefined {
  const table: Readonly<
    Record<string, { readonly params: z.ZodType; readonly result: z.ZodType } | undefined>
  > = RPC_SERVER_REQUESTS;
  return isRpcServerRequestName(name) ? table[name] : undefined;
}

/** Validates the params of a server → client request. */
export function parseServerRequestParams<R extends RpcServerRequestName>(
  request: R,
  raw: unknown,
): ParseResult<RpcServerRequestParams<R>>;
export function parseServerRequestParams(
  request: string,
  raw: unknown,
): ParseResult<RpcServerRequestParams<RpcServerRequestName>>;
export function parseServerRequestParams(request: string, raw: unknown): ParseResult<unknown> {
  const schemas = serverRequestSchemas(request);
  if (!schemas) return unknownName('server request', request);
  return parseWith(schemas.params, raw, `invalid params for ${request}`);
}

/** Validates the client's answer to a server → client request. */
export function parseServerRequestResult<R extends RpcServerRequestName>(
  request: R,
  raw: unknown,
): ParseResult<RpcServerRequestResult<R>>;
export function parseServerRequestResult(
  request: string,
  raw: unknown,
): ParseResult<RpcServerRequestResult<RpcServerRequestName>>;
export function parseServerRequestResult(request: string, raw: unknown): ParseResult<unknown> {
  const schemas = serverRequestSchemas(request);
  if (!schemas) return unknownName('server request', request);
  return parseWith(schemas.result, raw, `invalid result for ${request}`);
}

function typeOf(raw: unknown): unknown {
  return typeof raw === 'object' && raw !== null && 'type' in raw ? raw.type : undefined;
}

/**
 * Validates one AgentEvent (e.g. one of a batch, or one line of a session file). An event type
 * this version does not know (from a newer Wave) is refused with a message that says so.
 */
export function parseAgentEvent(raw: unknown): ParseResult<AgentEvent> {
  const type = typeOf(raw);
  if (typeof type !== 'string')
    return { ok: false, message: 'invalid event: type: expected a string naming the event' };
  if (!isAgentEventType(type))
    return {
      ok: false,
      message: `unknown event type "${type}" (sent by a newer Wave?)`,
    };
  return parseWith<z.ZodType<AgentEvent>>(AGENT_EVENT_SCHEMAS[type], raw, `invalid ${type} event`);
}
