// The view's connection to Wave, as one store React reads: the client over the host's port, the
// session the host named (opened in a folder, or attached), where the connection stands, the
// workspace-trust question waiting for the user (the server asks it while opening a session in
// a folder whose settings want more than the defaults), and what went wrong, as sentences.
import { messagePortTransport, WaveClient } from '@wave-agent/client';
import type { SessionHandle, TransportStatus } from '@wave-agent/client';
import {
  parseServerRequestParams,
  RPC_ERROR_CODES,
  RpcError,
  errorText,
} from '@wave-agent/shared-protocol';
import type {
  RequestWorkspaceTrustParams,
  RequestWorkspaceTrustResult,
} from '@wave-agent/shared-protocol';
import type { HostBridge } from '../host/host-bridge.js';

export interface TrustQuestion {
  readonly params: RequestWorkspaceTrustParams;
  answer(result: RequestWorkspaceTrustResult): void;
}

export interface ConnectionState {
  /** Set once the session is open or attached. */
  readonly session?: SessionHandle;
  readonly status: TransportStatus;
  readonly trustQuestion?: TrustQuestion;
  /** Why there is no session (it could not be opened), as a sentence. */
  readonly failure?: string;
  /** Things the client skipped, each said once. */
  readonly problems: readonly string[];
}

export class WaveConnection {
  readonly client: WaveClient;
  private state: ConnectionState;
  private readonly listeners = new Set<() => void>();
  private readonly stops: (() => void)[] = [];

  constructor(readonly bridge: HostBridge) {
    this.client = new WaveClient(messagePortTransport(bridge.port), {
      onServerRequest: (method, params) => this.serverRequest(method, params),
    });
    this.state = { status: this.client.status, problems: [] };
    this.stops.push(
      this.client.onStatus((status) => this.update({ status })),
      this.client.onProblem((problem) =>
        this.update({ problems: [...this.state.problems, problem].slice(-20) }),
      ),
      bridge.onVisible(() => void this.state.session?.refresh().catch(() => undefined)),
    );
  }

  readonly getSnapshot = (): ConnectionState => this.state;

  readonly subscribe = (onChange: () => void): (() => void) => {
    this.listeners.add(onChange);
    return () => this.listeners.delete(onChange);
  };

  /** Opens or attaches the session the host named. */
  async start(): Promise<void> {
    const { boot } = this.bridge;
    try {
      const session =
        'sessionId' in boot
          ? await this.client.attach(boot.sessionId)
          : await this.client.open({ workdir: boot.workdir });
      this.update({ session });
      this.rememberSession(session);
    } catch (error) {
      this.update({ failure: `Wave could not open the session: ${errorText(error)}` });
    }
  }

  /** Tells the host which session the view shows, now and after a /clear or resume in it. */
  private rememberSession(session: SessionHandle): void {
    const remember = this.bridge.rememberSession;
    if (!remember) return;
    let remembered = session.id;
    remember(remembered);
    this.stops.push(
      session.subscribe(() => {
        if (session.id === remembered) return;
        remembered = session.id;
        remember(remembered);
      }),
    );
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.client.dispose();
    this.listeners.clear();
  }

  private update(change: Partial<ConnectionState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  private serverRequest(method: string, params: unknown): Promise<RequestWorkspaceTrustResult> {
    if (method !== 'requestWorkspaceTrust')
      throw new RpcError(RPC_ERROR_CODES.methodNotFound, `This view does not answer "${method}".`);
    const parsed = parseServerRequestParams('requestWorkspaceTrust', params);
    if (!parsed.ok)
      throw new RpcError(
        RPC_ERROR_CODES.invalidParams,
        `The trust question could not be read: ${parsed.message}.`,
      );
    return new Promise((resolve) => {
      this.update({
        trustQuestion: {
          params: parsed.value,
          answer: (result) => {
            this.update({ trustQuestion: undefined });
            resolve(result);
          },
        },
      });
    });
  }
}
