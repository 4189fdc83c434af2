// A scripted stand-in for the SDK's Agent, for UI unit tests only: a test decides which
// AgentEvents it emits and when; its state is made by the shared reducer, exactly like the real
// Agent's. (Real-agent end-to-end runs under a pseudo-terminal are the CLI's tests.)

import { applyEvent, emptyConversation } from '@wave-agent/shared-protocol';
import type { AgentEvent, ConversationState, PermissionMode } from '@wave-agent/shared-protocol';
import type { UiAgent } from '../ui/agent-port.js';

export class FakeAgent implements UiAgent {
  state: ConversationState;
  permissionMode: PermissionMode = 'default';
  provider = { provider: 'demo', model: 'wave-demo', reason: 'no model is configured' };
  workdir = '/home/someone/projects/wave';
  isRunning = false;
  readonly sent: string[] = [];
  readonly bangCommands: string[] = [];
  abortCount = 0;
  private readonly listeners = new Set<(event: AgentEvent) => void>();
  private finishTurn: (() => void) | undefined;

  constructor(initial: ConversationState = emptyConversation) {
    this.state = initial;
  }

  /** Emits events one by one, synchronously, like the SDK's emit. */
  emit(...events: AgentEvent[]): void {
    for (const event of events) {
      this.state = applyEvent(this.state, event);
      for (const listener of this.listeners) listener(event);
    }
  }

  runBang(command: string): Promise<number> {
    this.bangCommands.push(command);
    return Promise.resolve(0);
  }

  subscribe(listener: (event: AgentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  sendMessage(text: string): Promise<unknown> {
    if (this.isRunning)
      return Promise.reject(
        new Error('A turn is already running. Wait for it to end or abort it first.'),
      );
    this.sent.push(text);
    this.isRunning = true;
    return new Promise<void>((resolve) => {
      this.finishTurn = () => {
        this.isRunning = false;
        resolve();
      };
    });
  }

  /** Ends the turn started by `sendMessage`. */
  endTurn(): void {
    this.finishTurn?.();
    this.finishTurn = undefined;
  }

  abortMessage(): void {
    this.abortCount += 1;
  }

  setPermissionMode(mode: PermissionMode): void {
    this.permissionMode = mode;
  }
}
