// Codex (npm @openai/codex, pinned) as a peer in the terminal rows: installed on demand
// (peer-install.ts; its native binary comes in the npm optional dependency of the platform, an
// alias of the same package), run against the bench's mock-llm over the OpenAI Responses wire
// (`wire_api = "responses"`, the only one it speaks). A fresh CODEX_HOME holds a config.toml with
// the mock as the model provider, the work folder trusted and nothing that reaches out: no update
// check, no analytics, no plugins or apps (those look up GitHub and chatgpt.com at start).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv } from '../bench-env.js';
import type { Client } from '../headless.js';
import type { TerminalLaunch, TerminalProgram } from '../terminal-program.js';
import { installPeer } from './peer-install.js';

export const CODEX = { name: '@openai/codex', version: '0.171.0' } as const;

const API_KEY_VARIABLE = 'BENCH_MOCK_API_KEY';

const TARGETS: Partial<Record<string, string>> = {
  x64: 'x86_64-unknown-linux-musl',
  arm64: 'aarch64-unknown-linux-musl',
};

/** The native binary, as the package's own launcher finds it (and execs it, on a Node that can). */
function executable(dir: string): { file: string; packageRoot: string } | undefined {
  const target = TARGETS[process.arch];
  if (process.platform !== 'linux' || target === undefined) return undefined;
  const file = join(
    dir,
    `node_modules/@openai/codex-linux-${process.arch}/vendor/${target}/bin/codex`,
  );
  return existsSync(file)
    ? { file, packageRoot: join(dir, 'node_modules/@openai/codex') }
    : undefined;
}

/** Codex's settings for one run: the mock as its only provider, `work` trusted. */
export function codexConfig(mockUrl: string, work: string): string {
  return [
    'model = "bench"',
    'model_provider = "mock"',
    'check_for_update_on_startup = false',
    '',
    '[model_providers.mock]',
    'name = "mock-llm"',
    `base_url = ${JSON.stringify(`${mockUrl}/v1`)}`,
    `env_key = "${API_KEY_VARIABLE}"`,
    'wire_api = "responses"',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[features]',
    'plugins = false',
    'apps = false',
    '',
    `[projects.${JSON.stringify(work)}]`,
    'trust_level = "trusted"',
    '',
  ].join('\n');
}

/** How to start Codex with `args` in a fresh `home` (its CODEX_HOME) pointed at the mock. */
function launchCodex(
  binary: { file: string; packageRoot: string },
  args: readonly string[],
  mockUrl: string,
  home: string,
): TerminalLaunch {
  const work = join(home, 'work');
  mkdirSync(work, { recursive: true });
  writeFileSync(join(home, 'config.toml'), codexConfig(mockUrl, work));
  return {
    file: binary.file,
    args,
    cwd: work,
    env: benchEnv({
      mockUrl,
      home,
      extra: {
        HOME: home,
        CODEX_HOME: home,
        TERM: 'xterm-256color',
        [API_KEY_VARIABLE]: 'bench-key',
        // What the package's launcher sets before it hands over to the binary.
        CODEX_MANAGED_BY_NPM: '1',
        CODEX_MANAGED_PACKAGE_ROOT: binary.packageRoot,
      },
    }),
  };
}

/** Codex installed, or the sentence saying why it cannot run here. */
function installedCodex(): { file: string; packageRoot: string } | string {
  const installed = installPeer(CODEX);
  if (!installed.ok) return installed.reason;
  return (
    executable(installed.dir) ??
    `${CODEX.name} installed no executable for ${process.platform}-${process.arch}`
  );
}

/** Codex's terminal UI as a terminal program, or the sentence saying why it cannot run here. */
export function codexTerminal(): TerminalProgram | string {
  const binary = installedCodex();
  if (typeof binary === 'string') return binary;
  return {
    label: `Codex ${CODEX.version}`,
    peer: 'codex',
    // The footer under its prompt (the prompt's placeholder text changes from start to start).
    ready: 'for shortcuts',
    launch: (mockUrl, home) => launchCodex(binary, ['--no-daemon'], mockUrl, home),
  };
}

/** `codex exec PROMPT`, Codex's headless mode, as a headless client, or why it cannot run. */
export function codexExec(): Client | string {
  const binary = installedCodex();
  if (typeof binary === 'string') return binary;
  return {
    label: `codex exec (Codex ${CODEX.version})`,
    args: () => [],
    launch: (mockUrl, home, prompt) =>
      launchCodex(binary, ['exec', '--skip-git-repo-check', prompt], mockUrl, home),
  };
}
