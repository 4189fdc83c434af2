// Test kit for the bridge: runs the real `wave --stdio` (the dev launcher, from source) as a
// child process with a clean environment, talks to it as a host would (vscode-jsonrpc), and
// keeps every byte it wrote on stdout so tests can check that stdout holds frames only.
// Every wait is bounded. (Excluded from the build: see tsconfig.build.json, test-kit.ts.)
import { afterEach } from 'vitest';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node.js';
import type { MessageConnection } from 'vscode-jsonrpc/node.js';
import {
  applyEvent,
  emptyConversation,
  isRecord,
  parseAgentEvent,
  parseMethodResult,
  parseNotification,
} from '@wave-agent/shared-protocol';
import type {
  AgentEvent,
  ConversationState,
  InitializeParams,
  RpcMethodName,
  RpcMethodParams,
  RpcMethodResult,
} from '@wave-agent/shared-protocol';
import { start } from '@wave-agent/mock-llm';
import type { ChildLaunch } from '../test-support/storage-faults.js';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';

const LAUNCHER = fileURLToPath(new URL('../../bin/wave-dev.mjs', import.meta.url));
const WAIT_MS = 10_000;

/** Variables from the machine that would change what wave does. */
const INHERITED_NOISE =
  /^(WAVE_(?!SANDBOX_DEFAULT$)|ANTHROPIC_|OPENAI_|CLAUDE_|INIT_CWD$|npm_|NODE_OPTIONS$)/;

export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `wave-stdio-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Temporary directories for one test: `dir(prefix)` makes one, and each is removed after the test. */
export function useTempDirs(): (prefix: string) => string {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  return (prefix) => {
    const made = tempDir(prefix);
    cleanups.push(made.remove);
    return made.path;
  };
}

export interface Notification {
  readonly method: string;
  readonly params: unknown;
}

/** One event out of a `sessionEvents` batch, with the batch's session and numbers. */
export interface ReceivedEvent {
  readonly sessionId: string;
  readonly event: AgentEvent;
  readonly fromSeq: number;
  readonly toSeq: number;
}

export interface Frame {
  readonly header: string;
  readonly body: Record<string, unknown>;
}

/**
 * Splits raw stdout bytes into `Content-Length` frames. Throws on anything else: a stray byte,
 * a bad header, a body that is not a JSON-RPC 2.0 object. `rest` is an incomplete last frame.
 */
export function splitFrames(bytes: Buffer): { frames: Frame[]; rest: Buffer } {
  const frames: Frame[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const headerEnd = bytes.indexOf('\r\n\r\n', offset);
    if (headerEnd === -1) break;
    const header = bytes.subarray(offset, headerEnd).toString('ascii');
    const match = /^Content-Length: (\d+)$/.exec(header);
    if (!match)
      throw new Error(
        `stdout holds something that is not a frame header: ${JSON.stringify(header.slice(0, 200))}`,
      );
    const start = headerEnd + 4;
    const end = start + Number(match[1]);
    if (end > bytes.length) break;
    const body: unknown = JSON.parse(bytes.subarray(start, end).toString('utf8'));
    if (!isRecord(body) || body.jsonrpc !== '2.0') {
      throw new Error(
        `a frame's body is not a JSON-RPC 2.0 object: ${JSON.stringify(body).slice(0, 200)}`,
      );
    }
    frames.push({ header, body });
    offset = end;
  }
  return { frames, rest: bytes.subarray(offset) };
}

export interface BridgeChild {
  readonly child: ChildProcessWithoutNullStreams;
  readonly connection: MessageConnection;
  /** Every notification, in arrival order. */
  readonly notifications: Notification[];
  /** Every event of every `sessionEvents` batch, in arrival order (validated). */
  readonly events: ReceivedEvent[];
  /** What failed validation in the batches (a test fails if there is any). */
  readonly problems: string[];
  request<M extends RpcMethodName>(
    method: M,
    params: RpcMethodParams<M>,
  ): Promise<RpcMethodResult<M>>;
  /** Resolves with the first notification (already received or coming) that passes `test`. */
  waitForNotification(
    test: (notification: Notification) => boolean,
    timeoutMs?: number,
  ): Promise<Notification>;
  /** Resolves with the first event (already received or coming) that passes `test`. */
  waitForEvent(
    test: (received: ReceivedEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedEvent>;
  /** Resolves with the first stdout frame that passes `test`. */
  waitForFrame(test: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Writes bytes to the child's stdin as they are (for malformed frames). */
  writeRaw(bytes: string): void;
  stdoutBytes(): Buffer;
  stderr(): string;
  waitForStderr(text: string, timeoutMs?: number): Promise<void>;
  /** Closes stdin (the host leaves) and resolves with the exit code. */
  disconnect(timeoutMs?: number): Promise<number>;
  /** Kills the child if it still runs. */
  dispose(): void;
}

export interface BridgeChildOptions {
  readonly waveHome: string;
  readonly cwd: string;
  readonly env?: Record<string, string>;
  /** Extra node flags before the launcher (e.g. a preload). */
  readonly nodeArgs?: readonly string[];
  /** A command in front of node, the user to run as (test-support/storage-faults.ts). */
  readonly launch?: ChildLaunch;
}

function bounded<T>(
  what: string,
  timeoutMs: number,
  describe: () => string,
  run: (resolve: (value: T) => void) => () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let cleanup = (): void => {};
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${what} did not happen within ${timeoutMs} ms.\n${describe()}`));
    }, timeoutMs);
    cleanup = run((value) => {
      clearTimeout(timer);
      cleanup();
      resolve(value);
    });
  });
}

export function spawnBridge(options: BridgeChildOptions): BridgeChild {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !INHERITED_NOISE.test(key)) env[key] = value;
  }
  const launch = options.launch ?? {};
  const [command = process.execPath, ...prefix] = [...(launch.via ?? []), process.execPath];
  const child = spawn(
    command,
    [
      ...prefix,
      '--conditions=@wave-agent/source',
      ...(options.nodeArgs ?? []),
      ...(launch.nodeArgs ?? []),
      LAUNCHER,
      '--stdio',
    ],
    {
      cwd: options.cwd,
      env: {
        ...env,
        WAVE_HOME: options.waveHome,
        WAVE_MAX_RETRIES: '0',
        // Never the user's real ~/.claude.
        CLAUDE_CONFIG_DIR: join(options.waveHome, 'no-claude-home'),
        ...options.env,
        ...launch.env,
      },
      stdio: 'pipe',
    },
  );
  const chunks: Buffer[] = [];
  let stderr = '';
  const changed = new Set<() => void>();
  const fire = (): void => {
    for (const listener of [...changed]) listener();
  };
  const forReader = new PassThrough();
  child.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    forReader.write(chunk);
    fire();
  });
  child.stdout.on('end', () => forReader.end());
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    fire();
  });
  const exit = new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? -1)));

  const connection = createMessageConnection(
    new StreamMessageReader(forReader),
    new StreamMessageWriter(child.stdin),
  );
  const notifications: Notification[] = [];
  const events: ReceivedEvent[] = [];
  const problems: string[] = [];
  connection.onNotification((method, params) => {
    notifications.push({ method, params });
    const batch = parseNotification(method, params);
    if (!batch.ok) problems.push(batch.message);
    else {
      const { sessionId, fromSeq, toSeq } = batch.value;
      for (const raw of batch.value.events) {
        const event = parseAgentEvent(raw);
        if (event.ok) events.push({ sessionId, event: event.value, fromSeq, toSeq });
        else problems.push(event.message);
      }
    }
    fire();
  });
  connection.onError(([error]) => {
    stderr += `[test client] ${error.message}\n`;
  });
  connection.listen();

  const stdoutBytes = (): Buffer => Buffer.concat(chunks);
  const describe = (): string =>
    `events: ${events
      .map((e) => e.event.type)
      .join(', ')
      .slice(-1500)}\nstderr:\n${stderr.slice(-3000)}`;
  const waitUntil = <T>(what: string, timeoutMs: number, probe: () => T | undefined): Promise<T> =>
    bounded(what, timeoutMs, describe, (resolve) => {
      const check = (): void => {
        const value = probe();
        if (value !== undefined) resolve(value);
      };
      changed.add(check);
      queueMicrotask(check);
      return () => changed.delete(check);
    });

  return {
    child,
    connection,
    notifications,
    events,
    problems,
    async request(method, params) {
      const raw: unknown = await connection.sendRequest(method, params);
      const parsed = parseMethodResult(method, raw);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.value;
    },
    waitForNotification: (test, timeoutMs = WAIT_MS) =>
      waitUntil('the awaited notification', timeoutMs, () => notifications.find(test)),
    waitForEvent: (test, timeoutMs = WAIT_MS) =>
      waitUntil('the awaited event', timeoutMs, () => events.find(test)),
    waitForFrame: (test, timeoutMs = WAIT_MS) =>
      waitUntil('the awaited stdout frame', timeoutMs, () =>
        splitFrames(stdoutBytes()).frames.find(test),
      ),
    writeRaw: (bytes) => child.stdin.write(bytes),
    stdoutBytes,
    stderr: () => stderr,
    async waitForStderr(text, timeoutMs = WAIT_MS) {
      await waitUntil(`stderr showing "${text}"`, timeoutMs, () =>
        stderr.includes(text) ? true : undefined,
      );
    },
    async disconnect(timeoutMs = WAIT_MS) {
      child.stdin.end();
      return bounded('the bridge exiting', timeoutMs, describe, (resolve) => {
        void exit.then(resolve);
        return () => {};
      });
    },
    dispose() {
      connection.dispose();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

export type MockProvider = 'openai' | 'anthropic';

export function initializeParams(
  provider: MockProvider,
  mock: MockLlm,
  workdir: string,
): InitializeParams {
  return {
    workdir,
    provider,
    model: 'mock-model',
    // Anthropic's base URL has no /v1; OpenAI-compatible ones do (ARCHITECTURE §4).
    baseURL: provider === 'openai' ? `${mock.url}/v1` : mock.url,
    apiKey: 'mock-key',
  };
}

export function startMock(scenario: Scenario): Promise<MockLlm> {
  return start({ scenario });
}

/**
 * The host's view of one session's messages: every event it received for that id through the
 * one reducer; a replace (clear) under that id replaces them.
 */
export function reduceEvents(
  received: readonly ReceivedEvent[],
  sessionId: string,
): ConversationState {
  let state = emptyConversation;
  for (const { sessionId: id, event } of received) {
    if (id !== sessionId) continue;
    state = event.type === 'sessionReplaced' ? event.state.conversation : applyEvent(state, event);
  }
  return state;
}

/** A turn's last model call finished, for a reason other than tools. */
export function turnFinished(sessionId: string, finishReason = 'stop') {
  return ({ sessionId: id, event }: ReceivedEvent): boolean =>
    id === sessionId &&
    event.type === 'assistantMessageFinished' &&
    event.finishReason === finishReason;
}

/** The agent's end-of-turn event for the session. */
export function turnEnded(sessionId: string) {
  return ({ sessionId: id, event }: ReceivedEvent): boolean =>
    id === sessionId && event.type === 'turnEnded';
}

/** The session's events of one type. */
export function eventsOf<T extends AgentEvent['type']>(
  received: readonly ReceivedEvent[],
  sessionId: string,
  type: T,
): Extract<AgentEvent, { type: T }>[] {
  const isOfType = (event: AgentEvent): event is Extract<AgentEvent, { type: T }> =>
    event.type === type;
  return received.flatMap(({ sessionId: id, event }) =>
    id === sessionId && isOfType(event) ? [event] : [],
  );
}

/** The text of every text block of the session's assistant messages, joined. */
export function assistantText(state: ConversationState): string {
  return state.messages
    .filter((message) => message.role === 'assistant')
    .flatMap((message) =>
      message.blocks.map((block) => (block.type === 'text' ? block.content : '')),
    )
    .join('');
}
