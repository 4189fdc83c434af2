// One JSON object per line each way, as the Claude Agent SDK speaks to its executable. Control
// requests go both ways: the app's are answered here (`respond`, `fail`), ours to the app
// (`request`: can_use_tool, hook_callback, mcp_message) wait for the control_response with their request_id. stdout holds
// protocol lines only; everything else goes to stderr.
import { randomUUID } from 'node:crypto';
import { errorText, isRecord } from '@wave-agent/shared-protocol';

export interface LineSink {
  write(line: string): unknown;
}

interface Waiting {
  readonly resolve: (response: Record<string, unknown>) => void;
  readonly reject: (error: Error) => void;
}

export class ProtocolChannel {
  private readonly waiting = new Map<string, Waiting>();
  private closedBecause: string | undefined;

  constructor(private readonly out: LineSink) {}

  send(message: Record<string, unknown>): void {
    this.out.write(`${JSON.stringify(message)}\n`);
  }

  respond(requestId: string, response: Record<string, unknown> = {}): void {
    this.send({
      type: 'control_response',
      response: { subtype: 'success', request_id: requestId, response },
    });
  }

  fail(requestId: string, error: string): void {
    this.send({
      type: 'control_response',
      response: { subtype: 'error', request_id: requestId, error },
    });
  }

  /**
   * Asks the app; resolves with its answer, rejects with its error or when stdin closes. An
   * abort withdraws the question (control_cancel_request, which the SDK passes to the app's
   * signal) and rejects.
   */
  request(
    request: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>> {
    if (this.closedBecause !== undefined) return Promise.reject(new Error(this.closedBecause));
    if (signal?.aborted) return Promise.reject(new Error('the question was withdrawn'));
    const requestId = randomUUID();
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        if (!this.waiting.delete(requestId)) return;
        this.send({ type: 'control_cancel_request', request_id: requestId });
        reject(new Error('the question was withdrawn'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = (): void => signal?.removeEventListener('abort', onAbort);
      this.waiting.set(requestId, {
        resolve: (answer) => (done(), resolve(answer)),
        reject: (error) => (done(), reject(error)),
      });
      this.send({ type: 'control_request', request_id: requestId, request });
    });
  }

  /** A control_response line from the app. */
  answered(line: Record<string, unknown>): void {
    const response = line['response'];
    if (!isRecord(response)) return;
    const requestId = response['request_id'];
    if (typeof requestId !== 'string') return;
    const waiting = this.waiting.get(requestId);
    if (waiting === undefined) return;
    this.waiting.delete(requestId);
    if (response['subtype'] === 'success') {
      const body = response['response'];
      waiting.resolve(isRecord(body) ? body : {});
    } else {
      waiting.reject(new Error(errorText(response['error'] ?? 'the app answered with an error')));
    }
  }

  /** No answer can come any more (stdin closed): every waiting request fails with this reason. */
  close(reason: string): void {
    this.closedBecause = reason;
    for (const waiting of this.waiting.values()) waiting.reject(new Error(reason));
    this.waiting.clear();
  }
}
