// The host side of the wire, as VS Code or the desktop app would run it: a JSON-RPC client over
// a real `wave --stdio` child, routing each notification to its session's HostSession, and
// answering permission questions. Results are validated against the shared table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node.js';
import type { MessageConnection } from 'vscode-jsonrpc/node.js';
import { parseMethodResult } from '@wave-agent/shared-protocol';
import type {
  InitializeParams,
  RpcMethodName,
  RpcMethodParams,
  RpcMethodResult,
} from '@wave-agent/shared-protocol';
import { startBridgeProcess } from './bridge-process.js';
import type { BridgeProcess } from './bridge-process.js';
import { HostSession } from './host-session.js';
import type { HostRequester, Notification } from './host-types.js';

const WAIT_MS = 15_000;

function sessionIdOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null || !('sessionId' in params)) return undefined;
  return typeof params.sessionId === 'string' ? params.sessionId : undefined;
}

export class HostClient implements HostRequester {
  readonly sessions = new Map<string, HostSession>();
  /** Notifications for a session this host never opened (a test fails if there are any). */
  readonly orphans: Notification[] = [];
  private readonly listeners = new Set<(notification: Notification) => void>();

  private constructor(
    readonly bridge: BridgeProcess,
    readonly connection: MessageConnection,
    private readonly dirs: readonly string[],
  ) {
    connection.onNotification((method, params) => this.route({ method, params }));
    connection.listen();
  }

  static start(): HostClient {
    const waveHome = mkdtempSync(join(tmpdir(), 'wave-contract-home-'));
    const cwd = mkdtempSync(join(tmpdir(), 'wave-contract-cwd-'));
    const bridge = startBridgeProcess({ waveHome, cwd });
    const connection = createMessageConnection(
      new StreamMessageReader(bridge.stdout),
      new StreamMessageWriter(bridge.child.stdin),
    );
    return new HostClient(bridge, connection, [waveHome, cwd]);
  }

  async request<M extends RpcMethodName>(
    method: M,
    params: RpcMethodParams<M>,
  ): Promise<RpcMethodResult<M>> {
    const raw: unknown = await this.connection.sendRequest(method, params);
    const parsed = parseMethodResult(method, raw);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.value;
  }

  async open(params: InitializeParams): Promise<HostSession> {
    const { sessionId, state, seq } = await this.request('initialize', params);
    const session = new HostSession(sessionId, this, { state, seq });
    this.sessions.set(sessionId, session);
    return session;
  }

  async close(session: HostSession): Promise<void> {
    await this.request('destroy', { sessionId: session.sessionId });
    session.dispose();
    this.sessions.delete(session.sessionId);
  }

  /** Calls `listener` after each notification has been handled. Returns the unsubscribe function. */
  onEachNotification(listener: (notification: Notification) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once `test` holds, checked after each notification; rejects after timeoutMs. */
  waitUntil(what: string, test: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
    return new Promise((resolve, reject) => {
      if (test()) return resolve();
      const timer = setTimeout(() => {
        stop();
        reject(
          new Error(
            `${what} did not happen within ${timeoutMs} ms.\nstderr:\n${this.bridge.stderr().slice(-3000)}`,
          ),
        );
      }, timeoutMs);
      const stop = this.onEachNotification(() => {
        if (!test()) return;
        clearTimeout(timer);
        stop();
        resolve();
      });
    });
  }

  /** Ends the bridge as a host that goes away does; resolves with its exit code. */
  async shutdown(): Promise<number> {
    for (const session of this.sessions.values()) session.dispose();
    try {
      return await this.bridge.disconnect();
    } finally {
      this.connection.dispose();
      this.bridge.kill();
      for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
    }
  }

  private route(notification: Notification): void {
    const key = sessionIdOf(notification.params) ?? '';
    const session = this.sessions.get(key);
    if (session) {
      session.receive(notification);
      // A replace (clear) names the session's new id: route by it from now on.
      if (session.sessionId !== key) {
        this.sessions.delete(key);
        this.sessions.set(session.sessionId, session);
      }
    } else this.orphans.push(notification);
    for (const listener of [...this.listeners]) listener(notification);
  }
}
