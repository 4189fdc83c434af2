// A real protocol server (createWaveServer) in this process, its agents talking to tools/mock-llm
// over real HTTP, in temporary folders: what attachment tests ask (findFiles, sendMessage with
// attachments) goes through the method table as any host's request does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import type {
  InitializeParams,
  RpcMethodName,
  RpcMethodParams,
  RpcMethodResult,
  SessionEventBatch,
  SessionState,
} from '@wave-agent/shared-protocol';
import { applySessionEvents, parseMethodResult } from '@wave-agent/shared-protocol';

/** The result, checked against the table (so a test reads it typed). */
function checked<M extends RpcMethodName>(method: M, raw: unknown): RpcMethodResult<M> {
  const parsed = parseMethodResult(method, raw);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}
import type { AgentOptions } from '../../agent.js';
import type { ModelSettings } from '../../model/model-setup.js';
import { createWaveServer } from '../../server/wave-server.js';
import type { ServerConnection, WaveServer } from '../../server/wave-server.js';

export type Wire = 'anthropic' | 'openai';

export interface AttachmentServer {
  readonly mock: MockLlm;
  readonly workdir: string;
  readonly waveHome: string;
  /** Opens a session (a new one, or `sessionId` resumed) on the given wire. */
  open(wire: Wire, sessionId?: string): Promise<OpenSession>;
  /** A fresh server on the same folders (a restart): its agents resume from disk. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export interface OpenSession {
  readonly sessionId: string;
  request<M extends RpcMethodName>(
    method: M,
    params: Omit<RpcMethodParams<M>, 'sessionId'>,
  ): Promise<RpcMethodResult<M>>;
  /** The state as the batches this connection received build it. */
  state(): SessionState;
  /** Resolves when the session's turn has ended (bounded). */
  idle(): Promise<void>;
}

/** The model settings: an openai-compatible entry that takes images, and one that does not. */
function modelSettings(mockUrl: string, modelFor: ModelSettings['modelFor']): ModelSettings {
  return {
    ...(modelFor ? { modelFor } : {}),
    models: {
      'vision-compatible': {
        provider: 'openai',
        model: 'mock-vision',
        baseURL: `${mockUrl}/v1`,
        apiKeyEnv: 'MOCK_KEY',
        images: true,
      },
      'text-compatible': {
        provider: 'openai',
        model: 'mock-text',
        baseURL: `${mockUrl}/v1`,
        apiKeyEnv: 'MOCK_KEY',
      },
      claude: {
        provider: 'anthropic',
        model: 'mock-claude',
        baseURL: mockUrl,
        apiKeyEnv: 'MOCK_KEY',
      },
    },
  };
}

const WIRE_MODEL: Record<Wire | 'text', string> = {
  anthropic: 'claude',
  openai: 'vision-compatible',
  text: 'text-compatible',
};

export async function startAttachmentServer(
  scenario: Scenario,
  options: {
    readonly workdir?: string;
    readonly agent?: Partial<AgentOptions>;
    /** Which configured model compaction and /btw use. */
    readonly modelFor?: ModelSettings['modelFor'];
  } = {},
): Promise<AttachmentServer> {
  const mock = await start({ scenario });
  const workdir = options.workdir ?? mkdtempSync(join(tmpdir(), 'wave-attach-work-'));
  const waveHome = mkdtempSync(join(tmpdir(), 'wave-attach-home-'));
  const make = (): WaveServer =>
    createWaveServer({
      agentOptionsFor: () => ({
        env: { MOCK_KEY: 'mock-key' },
        waveHome,
        settings: modelSettings(mock.url, options.modelFor),
        retry: { baseDelayMs: 10, idleTimeoutMs: 60_000 },
        logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
        ...options.agent,
      }),
      workdir,
      waveHome,
      logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      permissionQuestions: false,
    });
  let server = make();
  return {
    mock,
    workdir,
    waveHome,
    async open(wire, sessionId) {
      let state: SessionState | undefined;
      const pending: SessionEventBatch[] = [];
      const connection: ServerConnection = server.connect({
        windowMs: 0,
        send: (batch) => {
          if (state) state = applySessionEvents(state, batch.events);
          else pending.push(batch);
        },
      });
      const params: InitializeParams = {
        workdir,
        model: WIRE_MODEL[wire],
        ...(sessionId ? { sessionId } : {}),
      };
      const opened = checked('initialize', await connection.request('initialize', params));
      state = opened.state;
      for (const batch of pending)
        if (batch.toSeq > opened.seq) state = applySessionEvents(state, batch.events);
      const id = opened.sessionId;
      return {
        sessionId: id,
        request: async (method, rest) =>
          checked(method, await connection.request(method, { ...rest, sessionId: id })),
        state: () => {
          if (!state) throw new Error('The session has no state yet.');
          return state;
        },
        async idle() {
          for (let waited = 0; waited < 20_000; waited += 20) {
            if (state?.status.type === 'idle') return;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          throw new Error('The turn did not end within 20 s.');
        },
      };
    },
    async restart() {
      await server.close();
      server = make();
    },
    async dispose() {
      await server.close();
      await mock.close();
      if (options.workdir === undefined) rmSync(workdir, { recursive: true, force: true });
      rmSync(waveHome, { recursive: true, force: true });
    },
  };
}

export { WIRE_MODEL };
