// Test kit for wave --acp: runs the real `wave --acp` (the dev launcher, from source) as a child
// process with a clean environment, and drives it with the ACP SDK's own client side — an ACP
// client Wave did not write. Every byte the child writes on stdout is also kept raw, so a test
// can check that stdout holds one JSON-RPC message per line and nothing else, and count the
// session/update notifications the client's validation would have dropped.
// Every wait is bounded. (Excluded from the build: see tsconfig.build.json, test-kit.ts.)
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import * as acp from '@agentclientprotocol/sdk';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach } from 'vitest';
import { isRecord } from '@wave-agent/shared-protocol';

const LAUNCHER = fileURLToPath(new URL('../../bin/wave-dev.mjs', import.meta.url));
export const WAIT_MS = 20_000;

/** Variables from the machine that would change what wave does. */
const INHERITED_NOISE =
  /^(WAVE_(?!SANDBOX_DEFAULT$)|ANTHROPIC_|OPENAI_|CLAUDE_|INIT_CWD$|npm_|NODE_OPTIONS$)/;

/** Temporary directories for one test: each is removed after it. */
export function useTempDirs(): (prefix: string) => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = mkdtempSync(join(tmpdir(), `wave-acp-${prefix}-`));
    made.push(dir);
    return dir;
  };
}

export function startMock(scenario: Scenario): Promise<MockLlm> {
  return start({ scenario });
}

export function mockEnv(mock: MockLlm, provider: 'anthropic' | 'openai' = 'openai') {
  return {
    WAVE_PROVIDER: provider,
    WAVE_BASE_URL: provider === 'anthropic' ? mock.url : `${mock.url}/v1`,
    WAVE_API_KEY: 'mock-key',
    WAVE_MAX_RETRIES: '3',
  };
}

export type PermissionAnswerer = (
  request: acp.RequestPermissionRequest,
  signal: AbortSignal,
) => acp.RequestPermissionResponse | Promise<acp.RequestPermissionResponse>;

export const SELECT = (optionId: string): acp.RequestPermissionResponse => ({
  outcome: { outcome: 'selected', optionId },
});

export interface AcpChild {
  readonly child: ChildProcessWithoutNullStreams;
  /** The ACP SDK's client side, connected to the child. */
  readonly agent: acp.ClientContext;
  /** Every session/update the client accepted (validated by the SDK), in order. */
  readonly updates: acp.SessionNotification[];
  /** Every permission request the client was asked, in order. */
  readonly permissionRequests: acp.RequestPermissionRequest[];
  /** Answers permission requests; a test sets it before the prompt that asks. */
  answerPermission: PermissionAnswerer;
  /** Every line the child wrote on stdout, parsed (throws if a line is not JSON). */
  stdoutMessages(): Record<string, unknown>[];
  /** The raw session/update notifications on stdout, whatever the client made of them. */
  rawUpdates(): Record<string, unknown>[];
  stderr(): string;
  /** Writes bytes to the child's stdin as they are (for malformed input). */
  writeRaw(text: string): void;
  /** Resolves with the first raw stdout message that passes `test`. */
  waitForMessage(
    test: (message: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** Resolves once `count` updates were accepted by the client. */
  waitForUpdates(
    test: (updates: acp.SessionNotification[]) => boolean,
    timeoutMs?: number,
  ): Promise<void>;
  /**
   * Resolves once the client has accepted as many session/update notifications as stdout holds:
   * an update its validation dropped never arrives, and the wait fails saying so.
   */
  noUpdateDropped(timeoutMs?: number): Promise<void>;
  /** Closes stdin (the editor leaves) and resolves with the exit code. */
  disconnect(timeoutMs?: number): Promise<number>;
  dispose(): void;
}

export interface AcpChildOptions {
  readonly waveHome: string;
  readonly cwd: string;
  readonly env?: Record<string, string>;
  readonly args?: readonly string[];
}

function bounded<T>(
  what: string,
  timeoutMs: number,
  describe: () => string,
  poll: () => T | undefined,
) {
  return new Promise<T>((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      const value = poll();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs)
        return reject(new Error(`${what} did not happen within ${timeoutMs} ms.\n${describe()}`));
      setTimeout(check, 10);
    };
    check();
  });
}

export function spawnAcp(options: AcpChildOptions): AcpChild {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !INHERITED_NOISE.test(key)) env[key] = value;
  const child = spawn(
    process.execPath,
    ['--conditions=@wave-agent/source', LAUNCHER, '--acp', ...(options.args ?? [])],
    {
      cwd: options.cwd,
      // Never the user's real ~/.claude.
      env: {
        ...env,
        WAVE_HOME: options.waveHome,
        CLAUDE_CONFIG_DIR: join(options.waveHome, 'no-claude-home'),
        ...options.env,
      },
      stdio: 'pipe',
    },
  );
  const raw: Buffer[] = [];
  let stderr = '';
  const tap = new PassThrough();
  child.stdout.on('data', (chunk: Buffer) => {
    raw.push(chunk);
    tap.write(chunk);
  });
  child.stdout.on('end', () => tap.end());
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<number>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 : 0))),
  );

  const updates: acp.SessionNotification[] = [];
  const permissionRequests: acp.RequestPermissionRequest[] = [];
  const kit = {
    answerPermission: (() => SELECT('deny')) as PermissionAnswerer,
  };
  const app = acp
    .client({ name: 'wave-acp-test' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params);
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params, signal }) => {
      permissionRequests.push(params);
      return kit.answerPermission(params, signal);
    });
  const connection = app.connect(
    acp.ndJsonStream(
      Writable.toWeb(child.stdin),
      Readable.toWeb(tap) as ReadableStream<Uint8Array>,
    ),
  );

  const messages = (): Record<string, unknown>[] => {
    const text = Buffer.concat(raw).toString('utf8');
    const lines = text.split('\n');
    lines.pop(); // an incomplete last line, or the empty string after the last newline
    return lines.map((line) => {
      const value: unknown = JSON.parse(line);
      if (!isRecord(value))
        throw new Error(
          `stdout holds a line that is not a JSON-RPC message: ${line.slice(0, 200)}`,
        );
      return value;
    });
  };
  const describe = () =>
    `stdout so far:\n${Buffer.concat(raw).toString('utf8').slice(-3000)}\nstderr so far:\n${stderr.slice(-3000)}`;

  return {
    child,
    agent: connection.agent,
    updates,
    permissionRequests,
    get answerPermission() {
      return kit.answerPermission;
    },
    set answerPermission(answer: PermissionAnswerer) {
      kit.answerPermission = answer;
    },
    stdoutMessages: messages,
    rawUpdates: () => messages().filter((message) => message.method === 'session/update'),
    stderr: () => stderr,
    writeRaw: (text) => child.stdin.write(text),
    waitForMessage: (test, timeoutMs = WAIT_MS) =>
      bounded('the awaited stdout message', timeoutMs, describe, () => messages().find(test)),
    waitForUpdates: (test, timeoutMs = WAIT_MS) =>
      bounded('the awaited updates', timeoutMs, describe, () =>
        test(updates) ? true : undefined,
      ).then(() => undefined),
    noUpdateDropped: (timeoutMs = 5_000) =>
      bounded(
        'every session/update on stdout reaching the client',
        timeoutMs,
        () =>
          `accepted ${updates.length} of ${messages().filter((m) => m.method === 'session/update').length}\n${describe()}`,
        () =>
          updates.length === messages().filter((m) => m.method === 'session/update').length
            ? true
            : undefined,
      ).then(() => undefined),
    async disconnect(timeoutMs = WAIT_MS) {
      child.stdin.end();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`wave --acp did not exit within ${timeoutMs} ms.\n${describe()}`));
        }, timeoutMs);
      });
      return Promise.race([exit, timeout]).finally(() => clearTimeout(timer));
    },
    dispose() {
      connection.close();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** What every wave --acp test needs, made for the test and cleaned up after it. */
export interface AcpFixture {
  /** A temporary directory, removed after the test. */
  readonly dir: (prefix: string) => string;
  /** The test's mock model, closed after the test (a second one replaces the first). */
  readonly startMock: (scenario: Scenario) => Promise<MockLlm>;
  /** The mock model started last. */
  readonly mock: MockLlm;
  /** wave --acp in `work` with `home` as $WAVE_HOME, against the test's mock; killed after. */
  readonly spawn: (home: string, work: string, env?: Record<string, string>) => AcpChild;
}

export function useAcpFixture(): AcpFixture {
  const dir = useTempDirs();
  const children: AcpChild[] = [];
  let mock: MockLlm | undefined;
  afterEach(async () => {
    for (const child of children.splice(0)) child.dispose();
    await mock?.close();
    mock = undefined;
  });
  const current = (): MockLlm => {
    if (!mock) throw new Error('The test spawned wave --acp before it started the mock model.');
    return mock;
  };
  return {
    dir,
    startMock: async (scenario) => {
      await mock?.close();
      mock = await startMock(scenario);
      return mock;
    },
    get mock() {
      return current();
    },
    spawn: (home, work, env = {}) => {
      const child = spawnAcp({ waveHome: home, cwd: work, env: { ...mockEnv(current()), ...env } });
      children.push(child);
      return child;
    },
  };
}

/** initialize as an editor sends it (notices shown, so Wave's own lines stay out of the reply). */
export function initialize(agent: acp.ClientContext, notices = true) {
  return agent.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: {
      fs: { readTextFile: false, writeTextFile: false },
      terminal: false,
      ...(notices ? { session: { notices: {} } } : {}),
    },
    clientInfo: { name: 'wave-acp-test', version: '1.0.0' },
  });
}

export function newSession(
  agent: acp.ClientContext,
  cwd: string,
  mcpServers: acp.McpServer[] = [],
) {
  return agent.request(acp.methods.agent.session.new, { cwd, mcpServers });
}

export function prompt(agent: acp.ClientContext, sessionId: string, text: string) {
  return agent.request(acp.methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: 'text', text }],
  });
}

type Update = acp.SessionUpdate;

/** The text of one kind of chunk, per ACP message id, in arrival order. */
export function chunkTexts(
  notifications: readonly acp.SessionNotification[],
  kind: 'agent_message_chunk' | 'agent_thought_chunk' | 'user_message_chunk',
): Map<string, string> {
  const texts = new Map<string, string>();
  for (const { update } of notifications) {
    if (update.sessionUpdate !== kind || update.content.type !== 'text') continue;
    const id = update.messageId ?? '';
    texts.set(id, (texts.get(id) ?? '') + update.content.text);
  }
  return texts;
}

/** All chunks of a kind, concatenated. */
export function allText(
  notifications: readonly acp.SessionNotification[],
  kind: 'agent_message_chunk' | 'agent_thought_chunk' | 'user_message_chunk',
): string {
  return [...chunkTexts(notifications, kind).values()].join('');
}

export interface ToolCallView {
  readonly title?: string;
  readonly kind?: string | null;
  readonly status?: string | null;
  readonly content?: unknown;
  readonly rawInput?: unknown;
  readonly locations?: unknown;
}

/** What an editor shows of each tool call once every update is applied (ACP's replace rule). */
export function toolCalls(
  notifications: readonly acp.SessionNotification[],
): Map<string, ToolCallView> {
  const calls = new Map<string, ToolCallView>();
  for (const { update } of notifications) {
    if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update')
      continue;
    const {
      sessionUpdate: _kind,
      toolCallId,
      _meta,
      ...fields
    } = update as Update & {
      toolCallId: string;
      _meta?: unknown;
    };
    const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value != null));
    calls.set(toolCallId, { ...calls.get(toolCallId), ...defined });
  }
  return calls;
}

/** The npm reference server `server-everything` (pinned in package.json), as an editor hands it over. */
export const EVERYTHING_SERVER: acp.McpServer = {
  name: 'everything',
  command: process.execPath,
  args: [
    createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js'),
    'stdio',
  ],
  env: [],
};

/** wave --acp in new folders, initialized, with a session that has the editor's `mcpServers`. */
export async function sessionWithServers(fixture: AcpFixture, mcpServers: acp.McpServer[]) {
  const work = fixture.dir('work');
  const wave = fixture.spawn(fixture.dir('home'), work);
  await initialize(wave.agent);
  const { sessionId } = await newSession(wave.agent, work, mcpServers);
  return { wave, sessionId };
}
