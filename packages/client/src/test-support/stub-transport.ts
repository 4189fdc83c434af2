// A transport the test drives by hand: it answers requests with what the test scripts and
// delivers the notifications the test sends, as a real transport across a boundary would (JSON,
// validated by the client). For unit tests of the client's own logic; real servers are used
// everywhere else.
import { initialSessionState } from '@wave-agent/shared-protocol';
import type { SessionSnapshot, SessionState } from '@wave-agent/shared-protocol';
import { Listeners } from '../listeners.js';
import type { ServerRequestHandler, Transport, TransportStatus } from '../transport.js';

export function sessionState(overrides: Partial<SessionState> = {}): SessionState {
  return {
    ...initialSessionState({
      sessionId: 's1',
      workdir: '/work',
      permissionMode: 'default',
      model: { provider: 'openai', model: 'gpt' },
    }),
    ...overrides,
  };
}

export class StubTransport implements Transport {
  readonly validates = true;
  status: TransportStatus = { state: 'connected', epoch: 1 };
  readonly requests: { method: string; params: unknown }[] = [];
  /** What each method answers (a function of its params), through JSON. */
  readonly answers = new Map<string, (params: unknown) => unknown>();
  private readonly notifications = new Listeners<[string, unknown]>();
  private readonly statuses = new Listeners<[TransportStatus]>();
  private readonly problems = new Listeners<[string]>();

  snapshotAnswer(snapshot: SessionSnapshot): void {
    const answer = () => ({
      ...snapshot,
      sessionId: snapshot.state.sessionId,
      provider: 'openai',
      model: 'gpt',
    });
    this.answers.set('initialize', answer);
    this.answers.set('getSessionState', () => snapshot);
  }

  request(method: string, params: unknown): Promise<unknown> {
    this.requests.push({ method, params });
    const answer = this.answers.get(method);
    if (!answer) return Promise.reject(new Error(`the stub has no answer for ${method}`));
    return Promise.resolve(JSON.parse(JSON.stringify(answer(params))) as unknown);
  }

  notify(method: string, params: unknown): void {
    this.notifications.emit(method, JSON.parse(JSON.stringify(params)) as unknown);
  }

  setStatus(status: TransportStatus): void {
    this.status = status;
    this.statuses.emit(status);
  }

  onNotification(listener: (method: string, params: unknown) => void): () => void {
    return this.notifications.add(listener);
  }

  onStatus(listener: (status: TransportStatus) => void): () => void {
    return this.statuses.add(listener);
  }

  onProblem(listener: (problem: string) => void): () => void {
    return this.problems.add(listener);
  }

  setServerRequestHandler(_handler: ServerRequestHandler | undefined): void {}

  close(): Promise<void> {
    return Promise.resolve();
  }
}
