// `wave web` as a CLI mode: the protocol server for the folder wave was started in, the chat UI
// served on 127.0.0.1 (or the host the user names) behind a random token, the address printed
// as one line on stdout and opened in the default browser. It keeps serving whatever happens to
// stdin; Ctrl+C (or SIGTERM) stops it cleanly: running turns are aborted, sessions saved.
import { errorCode } from '@wave-agent/shared-protocol';
import { createWaveServer } from '@wave-agent/agent-sdk';
import type { Logger } from '@wave-agent/agent-sdk';
import type { CliIo } from '../cli/cli-io.js';
import type { CliOptions } from '../cli/cli-options.js';
import { hostSessionOptions } from '../cli/host-session-options.js';
import { UsageError } from '../cli/usage-error.js';
import { HOW_TO_TRUST } from '../settings/project-trust.js';
import { permissionTimeoutFrom } from '../stdio/permission-timeout.js';
import { stderrLogger } from '../stdio/stderr-logger.js';
import { debugRequested } from '../cli/debug-switch.js';
import { newAccessToken } from './access-token.js';
import { openBrowser } from './open-browser.js';
import { sharedSessionServer } from './shared-session.js';
import { findUiRoot, loadUiAssets, UI_NOT_BUILT } from './ui-assets.js';
import { startWebServer } from './web-server.js';

export const DEFAULT_WEB_HOST = '127.0.0.1';

export interface WebModeRun {
  readonly cli: CliOptions;
  readonly io: CliIo;
  /** The folder the sessions work in (--cwd applied). */
  readonly workdir: string;
  readonly waveHome: string;
  /** Resolves when the server should stop (default: SIGINT or SIGTERM). */
  readonly stopSignal?: Promise<string>;
}

function signalled(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

function listenProblem(error: unknown, host: string, port: number): UsageError | undefined {
  const code = errorCode(error);
  if (code === 'EADDRINUSE')
    return new UsageError(
      `port ${port} on ${host} is in use; choose another with --port, or leave --port out for a free one.`,
    );
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new UsageError(`--host ${host} is not an address of this machine.`);
  if (code === 'EACCES')
    return new UsageError(`port ${port} needs more privileges; choose one above 1023 with --port.`);
  return undefined;
}

export async function runWebMode(run: WebModeRun): Promise<number> {
  const { cli, io, workdir, waveHome } = run;
  const uiRoot = findUiRoot();
  if (!uiRoot) throw new UsageError(UI_NOT_BUILT);
  const logger: Logger = stderrLogger(io.stderr, 'wave web', debugRequested(io.env));
  const host = cli.web?.host ?? DEFAULT_WEB_HOST;
  const port = cli.web?.port ?? 0;
  const waveServer = createWaveServer({
    agentOptionsFor: hostSessionOptions({
      cli,
      env: io.env,
      waveHome,
      logger,
      trustTimeoutMs: permissionTimeoutFrom(io.env, logger),
      howToTrust: HOW_TO_TRUST.web,
    }),
    workdir,
    waveHome,
    logger,
    // A question waits as long as its turn: it is session state, so a page opened later (or
    // reloaded) shows it and can answer it.
    permissionQuestions: {},
  });
  let web;
  try {
    web = await startWebServer({
      host,
      port,
      token: newAccessToken(),
      workdir,
      assets: loadUiAssets(uiRoot),
      server: sharedSessionServer(waveServer, workdir),
      logger,
    });
  } catch (error) {
    await waveServer.close();
    throw listenProblem(error, host, port) ?? error;
  }
  io.stdout.write(`${web.url}\n`);
  io.stderr.write(`wave web: serving ${workdir}; open the address above. Ctrl+C stops it.\n`);
  if (cli.web?.open !== false) {
    const problem = await openBrowser(web.url);
    if (problem) io.stderr.write(`wave web: ${problem}\n`);
  }
  const signal = await (run.stopSignal ?? signalled());
  io.stderr.write(`wave web: ${signal}: stopping (running turns are stopped, sessions saved).\n`);
  await web.close();
  await waveServer.close();
  io.stderr.write('wave web: stopped.\n');
  return 0;
}
