// One request from the host → its handler. Unknown methods and invalid params are answered with
// the JSON-RPC error that names the problem; handler failures become the Wave error they carry,
// or an internal error whose details go to stderr. Synchronous handlers stay synchronous (see
// method-handlers.ts for why).
import { ResponseError } from 'vscode-jsonrpc/node.js';
import {
  isRpcMethodName,
  parseMethodParams,
  RPC_ERROR_CODES,
  RPC_METHOD_NAMES,
} from '@wave-agent/shared-protocol';
import type { RpcMethodName, RpcMethodResult } from '@wave-agent/shared-protocol';
import { BridgeError } from './bridge-error.js';
import type { BridgeContext } from './bridge-context.js';
import { METHOD_HANDLERS } from './method-handlers.js';
import type { MethodHandler } from './method-handlers.js';

function toResponseError(
  error: unknown,
  method: string,
  context: BridgeContext,
): ResponseError<unknown> {
  if (error instanceof ResponseError) return error;
  if (error instanceof BridgeError) return new ResponseError(error.code, error.message);
  context.logger.error(`${method} failed unexpectedly.`, error);
  const reason = error instanceof Error ? error.message : String(error);
  return new ResponseError(
    RPC_ERROR_CODES.internalError,
    `Wave could not complete ${method}: ${reason}. This is a bug in Wave; please report it with the stderr output of wave --stdio.`,
  );
}

function callHandler<M extends RpcMethodName>(
  method: M,
  rawParams: unknown,
  context: BridgeContext,
): RpcMethodResult<M> | Promise<RpcMethodResult<M>> {
  const parsed = parseMethodParams(method, rawParams);
  if (!parsed.ok) {
    throw new ResponseError(
      RPC_ERROR_CODES.invalidParams,
      `${parsed.message}. Fix the params and send the request again.`,
    );
  }
  const handler: MethodHandler<M> = METHOD_HANDLERS[method];
  return handler(parsed.value, context);
}

export function dispatchRequest(
  method: string,
  rawParams: unknown,
  context: BridgeContext,
): unknown {
  if (!isRpcMethodName(method)) {
    throw new ResponseError(
      RPC_ERROR_CODES.methodNotFound,
      `Unknown method "${method}". wave --stdio answers: ${RPC_METHOD_NAMES.join(', ')}.`,
    );
  }
  try {
    const result = callHandler(method, rawParams, context);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      throw toResponseError(error, method, context);
    });
  } catch (error) {
    throw toResponseError(error, method, context);
  }
}
