// For tools/bench: mounts the whole App on a prepared conversation and measures "apply one
// event and render". Ink runs in debug mode (every commit is written at once, no frame
// throttle) to a stream that discards what it gets, so a step costs what React and Ink cost.

import { EventEmitter } from 'node:events';
import { createElement } from 'react';
import { render } from 'ink';
import { applyEvent, conversationFrom } from '@wave-agent/shared-protocol';
import type { AgentEvent, ConversationState, Message } from '@wave-agent/shared-protocol';
import type { ListedSessions, RestoreResult, RewindResult } from '@wave-agent/agent-sdk';
import type { UiAgent } from './agent-port.js';
import { App } from './App.js';

class DiscardingStdout extends EventEmitter {
  isTTY = true;
  frames = 0;
  /** The last frame written (Ink's debug mode writes whole frames), for checks after a step. */
  lastFrame = '';
  private waiting: (() => void)[] = [];
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
  }
  write = (data: string): boolean => {
    this.frames += 1;
    this.lastFrame = data;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
    return true;
  };
  nextFrame(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

class IdleStdin extends EventEmitter {
  isTTY = true;
  read = (): null => null;
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

class ReplayAgent implements UiAgent {
  state: ConversationState;
  readonly permissionMode = 'default' as const;
  readonly provider = { provider: 'demo', model: 'benchmark', reason: 'benchmark' };
  readonly workdir = '/tmp';
  readonly isRunning = false;
  private readonly listeners = new Set<(event: AgentEvent) => void>();
  get subscribed(): boolean {
    return this.listeners.size > 0;
  }
  constructor(messages: readonly Message[]) {
    this.state = conversationFrom(messages);
  }
  emit(event: AgentEvent): void {
    this.state = applyEvent(this.state, event);
    for (const listener of this.listeners) listener(event);
  }
  subscribe(listener: (event: AgentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  sendMessage(): Promise<unknown> {
    return Promise.resolve();
  }
  runBang(): Promise<unknown> {
    return Promise.resolve();
  }
  abortMessage(): void {}
  setPermissionMode(): void {}
  // The benchmark only replays events; nothing below is ever asked for.
  readonly sessionId = 'benchmark';
  readonly queuedMessages = [];
  setModel(): void {}
  editQueuedMessage(): boolean {
    return false;
  }
  removeQueuedMessage(): boolean {
    return false;
  }
  listSessions(): ListedSessions {
    return { sessions: [], problems: [] };
  }
  restoreSession(): Promise<RestoreResult> {
    return Promise.reject(new Error('The benchmark replays one conversation; it has no sessions.'));
  }
  rewind(): RewindResult {
    return { ok: false, error: 'The benchmark cannot rewind.', restored: [], conflicts: [] };
  }
  compact(): Promise<{ ok: boolean; error?: string }> {
    return Promise.resolve({ ok: false, error: 'The benchmark cannot compact.' });
  }
  askBtw(): Promise<void> {
    return Promise.resolve();
  }
}

/** A finished conversation of `count` short markdown messages, to mount the benchmark on. */
export function sampleConversation(count: number): Message[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
    createdAt: 0,
    blocks: [
      {
        type: 'text' as const,
        content: `Message ${index}: some **markdown** and \`code\`.`,
        stage: 'end' as const,
      },
    ],
  }));
}

export interface UiBenchmark {
  /** Applies `event` and resolves once Ink has written the frame showing it. */
  step(event: AgentEvent): Promise<void>;
  /** Frames written so far. */
  readonly frames: number;
  /** The whole last frame Ink wrote (history and live area, with colours). */
  readonly lastFrame: string;
  unmount(): void;
}

export interface UiBenchmarkOptions {
  /** The conversation before the measured events (e.g. 10 or 1,000 finished messages). */
  readonly messages: readonly Message[];
  readonly columns?: number;
  readonly rows?: number;
}

/** Mounts the App on `messages`; resolves once the history is written and events are heard. */
export async function mountUiForBenchmark(options: UiBenchmarkOptions): Promise<UiBenchmark> {
  const stdout = new DiscardingStdout(options.columns ?? 100, options.rows ?? 40);
  const agent = new ReplayAgent(options.messages);
  const instance = render(createElement(App, { agent }), {
    // The benchmark's streams stand in for a terminal.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    stdout: stdout as unknown as NodeJS.WriteStream,
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    stdin: new IdleStdin() as unknown as NodeJS.ReadStream,
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    stderr: stdout as unknown as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  // Wait until the App has subscribed (its effects run after the first commit), at most 5 s.
  for (let waited = 0; !agent.subscribed && waited < 5000; waited += 5) {
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
  }
  if (!agent.subscribed) throw new Error('The UI did not subscribe to the agent within 5 s.');
  return {
    step: (event) => {
      const frame = stdout.nextFrame();
      agent.emit(event);
      return frame;
    },
    get frames() {
      return stdout.frames;
    },
    get lastFrame() {
      return stdout.lastFrame;
    },
    unmount: () => {
      instance.unmount();
      instance.cleanup();
    },
  };
}
