// The one `wave --stdio` of this VS Code window, started when first needed (activation never
// waits for it, nor fails without it). Its link is shared: the extension's own client (which
// opens sessions, answers the trust question, runs the commands) and one relay per chat view.
// When the child stops for good or cannot start, the status says why; `restart` starts a new one.
import { transportOverLink, WaveClient } from '@wave-agent/client';
import type { MessageLink, ServerRequestHandler, TransportStatus } from '@wave-agent/client';
import { childProcessLink, shareLink } from '@wave-agent/client/node';
import type { SharedLink, WaveCommandChoice } from '@wave-agent/client/node';

export interface WaveProcessOptions {
  /** What to run, chosen afresh at each start (settings and key may have changed). */
  readonly command: () => Promise<WaveCommandChoice>;
  readonly cwd: string;
  readonly onServerRequest: ServerRequestHandler;
  /** Every status of every child, with the start it belongs to. */
  readonly onStatus: (status: TransportStatus) => void;
  readonly onStderr?: (text: string) => void;
}

interface Running {
  readonly shared: SharedLink;
  readonly client: WaveClient;
  readonly pid: () => number | undefined;
}

export type Started =
  | {
      readonly ok: true;
      readonly client: WaveClient;
      /** A link for one view's relay: it carries only the batches of the session it attaches. */
      readonly openLink: () => MessageLink;
    }
  | { readonly ok: false; readonly problem: string };

export class WaveProcess {
  private running: Promise<Running | string> | undefined;
  private current: Running | undefined;

  constructor(private readonly options: WaveProcessOptions) {}

  /** The running child's process id (for tests that stop it the hard way). */
  get pid(): number | undefined {
    return this.current?.pid();
  }

  /** Whether a child was started (or is starting): a new key or setting waits for a restart. */
  get started(): boolean {
    return this.running !== undefined;
  }

  /** The running process, started if it is not (a sentence when it cannot be). */
  async start(): Promise<Started> {
    this.running ??= this.launch();
    const running = await this.running;
    if (typeof running === 'string') {
      // Nothing runs: the next call tries again (the user may have fixed the setting).
      this.running = undefined;
      return { ok: false, problem: running };
    }
    if (running.client.status.state === 'crashed')
      return { ok: false, problem: running.client.status.message };
    return {
      ok: true,
      client: running.client,
      openLink: () => running.shared.open({ routeBySession: true }),
    };
  }

  /** Stops the current child (if any) and starts a new one. */
  async restart(): Promise<Started> {
    await this.stop();
    return this.start();
  }

  async stop(): Promise<void> {
    const running = await this.running;
    this.running = undefined;
    this.current = undefined;
    if (running && typeof running !== 'string') {
      running.client.dispose();
      await running.shared.close();
    }
  }

  private async launch(): Promise<Running | string> {
    const choice = await this.options.command();
    if (!choice.ok) {
      this.options.onStatus({ state: 'crashed', message: choice.problem });
      return choice.problem;
    }
    const { command, args, env } = choice.command;
    const link = childProcessLink({
      command,
      args,
      env,
      cwd: this.options.cwd,
      ...(this.options.onStderr ? { onStderr: this.options.onStderr } : {}),
    });
    const shared = shareLink(link);
    // The host relays each view's batches; it reads a session's state only when a command needs it.
    const client = new WaveClient(transportOverLink(shared.open()), {
      onServerRequest: this.options.onServerRequest,
      sessionState: 'onDemand',
    });
    client.onStatus((status) => this.options.onStatus(status));
    this.current = { shared, client, pid: () => link.pid };
    return this.current;
  }
}
