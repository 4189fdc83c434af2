// The published `wave` is an esbuild bundle (scripts/bundle.mjs), not the sources the other
// end-to-end tests run through the dev launcher: it must start and stream in each of its modes.
// Bundled once for the file into a temporary folder; a real model server (mock-llm) answers.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { MockLlm } from '@wave-agent/mock-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { PtyTerminal } from './terminal.js';
import { cleanEnv, tempDir } from './wave-process.js';
import { PROMPT_READY, waitForTurnEnd } from './wave-terminal.js';

const bundleScript = fileURLToPath(new URL('../../scripts/bundle.mjs', import.meta.url));
// Never a synchronous child: the mock model serves from this process's event loop.
const run = promisify(execFile);
const ANSWER = 'bundled alpha bravo charlie.';

let outdir: string;
let mock: MockLlm;
let home: ReturnType<typeof tempDir>;

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'wave-e2e-bundle-'));
  await run(process.execPath, [bundleScript, outdir]);
  mock = await startMock({
    name: 'published-bin',
    chunkSize: 6,
    turns: [{ match: { lastUserContains: 'hello' }, reply: [{ type: 'text', text: ANSWER }] }],
  });
  home = tempDir('home');
}, 60_000);

afterAll(async () => {
  await mock?.close();
  home?.remove();
  rmSync(outdir, { recursive: true, force: true });
});

function env(): Record<string, string> {
  return cleanEnv({
    WAVE_HOME: home.path,
    TERM: 'xterm-256color',
    ...providerEnv('openai', mock.url),
  });
}

/** The bundled source files (esbuild names each in a comment line above its code). */
function bundledFiles(): string[] {
  const dir = join(outdir, 'chunks');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').match(/^\/\/ \S+$/gm) ?? []);
}

describe('the published bin (bundle)', () => {
  it('carries zod with its English messages only, and no part of the AI SDK it never calls', () => {
    const files = bundledFiles();
    // The bundle's own list of locales (namespace zod-locales) names English alone.
    const locales = files.filter((file) => /^\/\/ [^:]*\/zod\/v4\/locales\//.test(file));
    expect(locales.map((file) => file.split('/').pop())).toEqual(['en.js']);
    expect(files.some((file) => /\/ai\/dist\/index\.mjs$/.test(file))).toBe(false);
    expect(files.some((file) => /@ai-sdk\/anthropic\//.test(file))).toBe(true);
  });

  it('print mode streams the reply to stdout', async () => {
    const { stdout } = await run(process.execPath, [join(outdir, 'wave.js'), '-p', 'hello'], {
      cwd: home.path,
      env: env(),
      encoding: 'utf8',
    });
    expect(stdout).toBe(`${ANSWER}\n`);
  }, 30_000);

  it('the terminal UI starts and streams a reply', async () => {
    const terminal = new PtyTerminal({
      file: process.execPath,
      args: [join(outdir, 'wave.js')],
      cwd: home.path,
      env: env(),
    });
    try {
      await terminal.waitFor(PROMPT_READY, 15_000, 'the prompt');
      await terminal.submit('hello');
      await waitForTurnEnd(terminal, (all) => all.includes(ANSWER));
      expect(terminal.text().split(ANSWER)).toHaveLength(2);
    } finally {
      await terminal.dispose();
    }
  }, 60_000);
});
