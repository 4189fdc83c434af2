// One real VS Code (code-server) for a test file, with everything it writes in a temp folder:
// its config, user data (settings, logs, workspace state), extensions, and HOME and XDG_*
// (code-server and VS Code write there otherwise). The .vsix is installed the way a user installs
// it (`--install-extension`), the user's settings are written as settings.json, and the server
// listens on an ephemeral port on 127.0.0.1 without a password.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CodeServerInstall } from './install-code-server.js';

const START_MS = 60_000;

export interface CodeServerOptions {
  readonly install: CodeServerInstall;
  readonly vsix: string;
  /** The user's settings.json. */
  readonly settings: Record<string, unknown>;
  /** More environment for the server (its extension host and what that starts inherit it). */
  readonly env?: Record<string, string>;
}

export interface CodeServer {
  /** The temp folder holding everything this VS Code wrote. */
  readonly root: string;
  /** The folder VS Code opens (empty at first). */
  readonly workdir: string;
  /** The workbench's address with `workdir` open. */
  readonly url: string;
  /** The workbench's address with another folder open (a second window of the same server). */
  urlFor(folder: string): string;
  /** Every extension host log line so far (all windows, all reloads). */
  extensionHostLog(): string;
  stop(): Promise<void>;
}

function serverEnv(root: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: join(root, 'home'),
    XDG_CONFIG_HOME: join(root, 'xdg/config'),
    XDG_CACHE_HOME: join(root, 'xdg/cache'),
    XDG_DATA_HOME: join(root, 'xdg/data'),
    XDG_STATE_HOME: join(root, 'xdg/state'),
    // The suites' sandbox default (vitest.shared.ts) reaches the wave VS Code starts.
    ...(process.env.WAVE_SANDBOX_DEFAULT
      ? { WAVE_SANDBOX_DEFAULT: process.env.WAVE_SANDBOX_DEFAULT }
      : {}),
    ...extra,
  };
  for (const name of [
    'HOME',
    'XDG_CONFIG_HOME',
    'XDG_CACHE_HOME',
    'XDG_DATA_HOME',
    'XDG_STATE_HOME',
  ])
    mkdirSync(env[name] ?? '', { recursive: true });
  return env;
}

function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) =>
      join(folder, name),
    );
  } catch {
    return [];
  }
}

function waitForPort(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`code-server did not listen within ${START_MS / 1000} s:\n${output()}`));
    }, START_MS);
    const check = (): void => {
      const port = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output())?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve(Number(port));
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited (${code}) before it listened:\n${output()}`));
    });
  });
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const root = mkdtempSync(join(tmpdir(), 'wave-real-vscode-'));
  const userData = join(root, 'user-data');
  const extensions = join(root, 'extensions');
  const workdir = join(root, 'work');
  const config = join(root, 'config.yaml');
  for (const folder of [join(userData, 'User'), extensions, workdir])
    mkdirSync(folder, { recursive: true });
  writeFileSync(config, 'auth: none\ncert: false\n');
  writeFileSync(join(userData, 'User/settings.json'), JSON.stringify(options.settings, null, 2));
  const env = serverEnv(root, options.env);
  const { node, entry } = options.install;
  const common = ['--config', config, '--user-data-dir', userData, '--extensions-dir', extensions];

  const installed = spawnSync(node, [entry, ...common, '--install-extension', options.vsix], {
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (installed.status !== 0 || !/successfully installed/.test(installed.stdout))
    throw new Error(
      `code-server could not install ${options.vsix} (exit ${installed.status ?? installed.signal}):\n${installed.stdout}${installed.stderr}`,
    );

  const child = spawn(
    node,
    [
      entry,
      ...common,
      '--auth',
      'none',
      '--bind-addr',
      '127.0.0.1:0',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // The server and what it started (extension hosts, wave --stdio) form one process group.
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
  };
  let port: number;
  try {
    port = await waitForPort(child, () => output);
  } catch (error) {
    await stop();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const urlFor = (folder: string): string =>
    `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`;
  return {
    root,
    workdir,
    url: urlFor(workdir),
    urlFor,
    extensionHostLog: () =>
      filesUnder(join(userData, 'logs'))
        .filter((file) => /exthost\d*[/\\]remoteexthost\.log$/.test(file))
        .sort()
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n'),
    async stop() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
