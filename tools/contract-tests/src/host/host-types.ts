// What the host pieces share: a notification as received, and a typed, validated request.
import type { RpcMethodName, RpcMethodParams, RpcMethodResult } from '@wave-agent/shared-protocol';

export interface Notification {
  readonly method: string;
  readonly params: unknown;
}

export interface HostRequester {
  request<M extends RpcMethodName>(
    method: M,
    params: RpcMethodParams<M>,
  ): Promise<RpcMethodResult<M>>;
}
