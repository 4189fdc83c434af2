// The terminal UI and print mode reach the agent the way every host does: through
// @wave-agent/client, here over the in-process transport (the protocol server in this process;
// objects passed as they are, every event applied the moment it is emitted). The model
// configuration is resolved first, so a bad one ends as one line on stderr (a ConfigError),
// never inside a half-drawn screen.
import { createWaveServer, resolveModelSetup } from '@wave-agent/agent-sdk';
import type { AgentOptions, ResolvedProvider } from '@wave-agent/agent-sdk';
import { inProcessTransport, WaveClient } from '@wave-agent/client';
import type { SessionHandle } from '@wave-agent/client';

export interface LocalSession {
  readonly client: WaveClient;
  readonly session: SessionHandle;
  /** The provider and model in use, and why. */
  readonly provider: ResolvedProvider;
  /** Brings the session to rest and closes it (its file keeps the conversation). */
  close(): Promise<void>;
}

export interface LocalSessionOptions {
  /** Everything the Agent needs; `workdir` and `waveHome` must be set. */
  readonly agentOptions: AgentOptions & { readonly workdir: string; readonly waveHome: string };
  /** Whether someone can answer permission questions (the UI), or no one (print mode). */
  readonly askPermissions: boolean;
}

export async function openLocalSession(options: LocalSessionOptions): Promise<LocalSession> {
  const { agentOptions } = options;
  const { workdir, waveHome } = agentOptions;
  const provider = resolveModelSetup({
    explicit: agentOptions,
    env: agentOptions.env ?? process.env,
    ...(agentOptions.settings ? { files: agentOptions.settings } : {}),
  }).start;
  const server = createWaveServer({
    agentOptionsFor: () => agentOptions,
    workdir,
    waveHome,
    logger: agentOptions.logger ?? { debug() {}, info() {}, warn() {}, error() {} },
    permissionQuestions: options.askPermissions ? {} : false,
  });
  const client = new WaveClient(inProcessTransport(server));
  try {
    const session = await client.open({ workdir });
    return { client, session, provider, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}
