// For tools/bench only, which reaches it through the source-only subpath
// `@wave-agent/code/benchmark` (package.json; the published exports leave it out): mounts the whole App on a prepared conversation and measures "apply one
// event and render". Ink runs in debug mode (every commit is written at once, no frame
// throttle) to a stream that discards what it gets, so a step costs what React and Ink cost.

import { EventEmitter } from 'node:events';
import { createElement } from 'react';
import { render } from 'ink';
import { inProcessTransport, WaveClient } from '@wave-agent/client';
import type { InProcessServer, SessionHandle } from '@wave-agent/client';
import {
  applySessionEvent,
  conversationFrom,
  initialSessionState,
} from '@wave-agent/shared-protocol';
import type { AgentEvent, Message, SessionState } from '@wave-agent/shared-protocol';
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

/** A terminal's input that types only what the benchmark pushes (a keystroke to measure). */
class BenchmarkStdin extends EventEmitter {
  isTTY = true;
  private readonly typed: string[] = [];
  read = (): string | null => this.typed.shift() ?? null;
  push(text: string): void {
    this.typed.push(text);
    this.emit('readable');
  }
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

/**
 * A protocol server that only replays: the benchmark pushes events into the real client (its
 * in-process transport and session store), as the agent's server would, one batch each.
 */
class ReplayServer implements InProcessServer {
  private state: SessionState;
  private seq = 0;
  private peer: Parameters<InProcessServer['connect']>[0] | undefined;

  constructor(messages: readonly Message[]) {
    this.state = initialSessionState({
      sessionId: 'benchmark',
      workdir: '/tmp',
      permissionMode: 'default',
      model: { provider: 'demo', model: 'benchmark' },
      conversation: conversationFrom(messages),
    });
  }

  connect(peer: Parameters<InProcessServer['connect']>[0]) {
    this.peer = peer;
    return {
      request: (method: string) => {
        if (method !== 'initialize')
          throw new Error(`The benchmark replays one conversation; it does not answer ${method}.`);
        return {
          sessionId: 'benchmark',
          model: 'benchmark',
          provider: 'demo',
          state: this.state,
          seq: 0,
        };
      },
      close: () => undefined,
    };
  }

  emit(event: AgentEvent): void {
    this.seq += 1;
    this.state = applySessionEvent(this.state, event);
    this.peer?.send({
      sessionId: 'benchmark',
      fromSeq: this.seq,
      toSeq: this.seq,
      events: [event],
    });
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
  /** Types `text` into the prompt and resolves once Ink has written the frame after it. */
  type(text: string): Promise<void>;
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
  const server = new ReplayServer(options.messages);
  const stdin = new BenchmarkStdin();
  const session: SessionHandle = await new WaveClient(inProcessTransport(server)).open({
    workdir: '/tmp',
  });
  const instance = render(createElement(App, { session }), {
    // The benchmark's streams stand in for a terminal.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    stdout: stdout as unknown as NodeJS.WriteStream,
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    stdin: stdin as unknown as NodeJS.ReadStream,
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    stderr: stdout as unknown as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  // The App subscribes in a layout effect, which runs in the commit before the first frame is
  // written: once a frame is out, events are heard. At most 5 s.
  for (let waited = 0; stdout.frames === 0 && waited < 5000; waited += 5) {
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
  }
  if (stdout.frames === 0) throw new Error('The UI did not draw its first frame within 5 s.');
  return {
    step: (event) => {
      const frame = stdout.nextFrame();
      server.emit(event);
      return frame;
    },
    type: (text) => {
      const frame = stdout.nextFrame();
      stdin.push(text);
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
