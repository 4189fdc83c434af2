// What the tests of Claude Agent SDK apps on wave-claude share: the published bin (the package's
// bin/wave-claude beside a dist/bundle built once per test file by the build's own script,
// scripts/bundle.mjs), the SDK's options that point an app at it and at mock-llm, and readers of
// what the app received.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Options, SDKMessage, SDKResultMessage } from '@anthropic-ai/claude-agent-sdk';
import { afterAll, beforeAll } from 'vitest';
import type { Scenario } from '@wave-agent/mock-llm';
import { useE2eFixture } from './e2e-fixture.js';
import type { E2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { cleanEnv } from './wave-process.js';

const bundleScript = fileURLToPath(new URL('../../scripts/bundle.mjs', import.meta.url));
const packageBin = fileURLToPath(new URL('../../bin/wave-claude', import.meta.url));
const run = promisify(execFile);

export interface WaveClaude {
  /** The folder laid out as the published package: bin/wave-claude and dist/bundle/. */
  packageDir: string;
  /** Its bin/wave-claude. */
  bin: string;
}

/** Builds the package layout before the file's tests and removes it after. */
export function useWaveClaude(): WaveClaude {
  const built: WaveClaude = { packageDir: '', bin: '' };
  beforeAll(async () => {
    built.packageDir = mkdtempSync(join(tmpdir(), 'wave-e2e-claude-sdk-'));
    await run(process.execPath, [bundleScript, join(built.packageDir, 'dist', 'bundle')]);
    mkdirSync(join(built.packageDir, 'bin'));
    built.bin = join(built.packageDir, 'bin', 'wave-claude');
    copyFileSync(packageBin, built.bin);
    writeFileSync(
      join(built.packageDir, 'package.json'),
      JSON.stringify({ name: '@wave-agent/code', version: '0.0.0-test', type: 'module' }),
    );
  }, 180_000);
  afterAll(() => {
    if (built.packageDir) rmSync(built.packageDir, { recursive: true, force: true });
  });
  return built;
}

/** The SDK's options for an app on Wave: one option names wave-claude; the model is mock-llm. */
export function onWave(
  waveClaude: WaveClaude,
  fx: E2eFixture,
  extra: Partial<Options> = {},
): Options {
  return {
    pathToClaudeCodeExecutable: waveClaude.bin,
    cwd: fx.work.path,
    env: cleanEnv({
      WAVE_HOME: fx.home.path,
      WAVE_MAX_RETRIES: '0',
      WAVE_SANDBOX_DEFAULT: 'off',
      ...providerEnv('anthropic', fx.mock?.url ?? 'http://127.0.0.1:9'),
    }),
    ...extra,
  };
}

/** What a test file of SDK apps uses: its fixture, wave-claude, a model to serve, the options. */
export interface SdkAppKit {
  readonly fx: E2eFixture;
  readonly waveClaude: WaveClaude;
  /** Starts mock-llm with the scenario for this test. */
  readonly serve: (scenario: Scenario) => Promise<void>;
  /** The SDK's options for an app on Wave, with the test's own. */
  readonly onWave: (extra?: Partial<Options>) => Options;
}

export function useSdkApp(): SdkAppKit {
  const fx = useE2eFixture();
  const waveClaude = useWaveClaude();
  return {
    fx,
    waveClaude,
    serve: async (scenario) => {
      fx.mock = await startMock(scenario);
    },
    onWave: (extra = {}) => onWave(waveClaude, fx, extra),
  };
}

export async function collect(messages: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const seen: SDKMessage[] = [];
  for await (const message of messages) seen.push(message);
  return seen;
}

export function resultsOf(messages: readonly SDKMessage[]): SDKResultMessage[] {
  return messages.flatMap((message) => (message.type === 'result' ? [message] : []));
}

export function resultOf(messages: readonly SDKMessage[]): SDKResultMessage {
  const [result] = resultsOf(messages);
  if (result === undefined) throw new Error(`no result in ${JSON.stringify(messages)}`);
  return result;
}

/** The texts of the assistant messages, in order. */
export function assistantTexts(messages: readonly SDKMessage[]): string[] {
  return messages.flatMap((message) =>
    message.type === 'assistant'
      ? message.message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []))
      : [],
  );
}

/** Processes whose command line names this folder (wave-claude runs from it). */
export function processesIn(folder: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(folder);
      } catch {
        return false; // It ended while we looked.
      }
    })
    .map(Number);
}
