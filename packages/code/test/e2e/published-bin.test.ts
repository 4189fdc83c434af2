// The published `wave` is an esbuild bundle (scripts/bundle.mjs), not the sources the other
// end-to-end tests run through the dev launcher: it must start and stream in each of its modes,
// and `wave web` must serve the chat UI it carries. Built once for the file into a temporary
// folder laid out as the package's dist (bundle/ and webview-ui/ beside it, by the build's own
// scripts, the package's manifest above them); a real model server (mock-llm) answers.
import { execFile, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as acp from '@agentclientprotocol/sdk';
import type { MockLlm } from '@wave-agent/mock-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS, PtyTerminal } from './terminal.js';
import { cleanEnv, tempDir } from './wave-process.js';
import { FAULT_NAME, FAULT_NODE_ARGS, STACK_FRAME } from '../../src/test-support/injected-fault.js';
import { connectPage } from './web-page-client.js';
import { PROMPT_READY, waitForTurnEnd } from './wave-terminal.js';

const bundleScript = fileURLToPath(new URL('../../scripts/bundle.mjs', import.meta.url));
const copyUiScript = fileURLToPath(new URL('../../scripts/copy-webview-ui.mjs', import.meta.url));
// Never a synchronous child: the mock model serves from this process's event loop.
const run = promisify(execFile);
const ANSWER = 'bundled alpha bravo charlie.';

let outdir: string;
/** The published bin, as dist/bundle/wave.js is. */
let bin: string;
let mock: MockLlm;
let home: ReturnType<typeof tempDir>;
/** The user's cache folder ($XDG_CACHE_HOME) of every run here, never the real one. */
let userCache: ReturnType<typeof tempDir>;

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'wave-e2e-bundle-'));
  await run(process.execPath, [bundleScript, join(outdir, 'bundle')]);
  await run(process.execPath, [copyUiScript, join(outdir, 'webview-ui')]);
  bin = join(outdir, 'bundle', 'wave.js');
  // As published, the package's manifest sits above the bundle (the version is read from it).
  writeFileSync(
    join(outdir, 'package.json'),
    readFileSync(new URL('../../package.json', import.meta.url)),
  );
  mock = await startMock({
    name: 'published-bin',
    chunkSize: 6,
    turns: [{ match: { lastUserContains: 'hello' }, reply: [{ type: 'text', text: ANSWER }] }],
  });
  home = tempDir('home');
  userCache = tempDir('user-cache');
}, 60_000);

afterAll(async () => {
  await mock?.close();
  home?.remove();
  userCache?.remove();
  rmSync(outdir, { recursive: true, force: true });
});

function env(): Record<string, string> {
  return cleanEnv({
    WAVE_HOME: home.path,
    TERM: 'xterm-256color',
    XDG_CACHE_HOME: userCache.path,
    ...providerEnv('openai', mock.url),
  });
}

/** Node 22.1 and later have a compile cache of their own, which the launcher turns on instead. */
const nodeHasCompileCache = typeof Reflect.get(nodeModule, 'enableCompileCache') === 'function';

/** The code cache files in a user cache folder, with their bytes. */
function codeCaches(cacheHome: string): Map<string, Buffer> {
  const dir = join(cacheHome, 'wave', 'code-cache');
  if (!existsSync(dir)) return new Map();
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name))]));
}

/** The bundled source files (esbuild names each in a comment line above its code). */
function bundledFiles(): string[] {
  const dir = join(outdir, 'bundle', 'chunks');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').match(/^\/\/ \S+$/gm) ?? []);
}

/**
 * A preload that has Node write the list of the built-in modules it loaded as the process ends,
 * and a reader of that list (in the bundle's folder, removed with it).
 */
function moduleList(name: string): { preload: string; loaded: () => string[] } {
  const dir = join(outdir, `modules-${name}`);
  mkdirSync(dir, { recursive: true });
  const preload = join(dir, 'module-list.cjs');
  const list = join(dir, 'module-list.txt');
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));`,
  );
  return { preload, loaded: () => readFileSync(list, 'utf8').split('\n') };
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
    const { stdout } = await run(process.execPath, [bin, '-p', 'hello'], {
      cwd: home.path,
      env: env(),
      encoding: 'utf8',
    });
    expect(stdout).toBe(`${ANSWER}\n`);
  }, 30_000);

  it('print mode keeps its compiled code in the user cache folder (Node 20), never the work folder', async () => {
    const work = tempDir('print-work');
    const cacheHome = tempDir('print-cache');
    const print = async (extra: Record<string, string> = {}) => {
      const { stdout } = await run(process.execPath, [bin, '-p', 'hello'], {
        cwd: work.path,
        env: { ...env(), XDG_CACHE_HOME: cacheHome.path, ...extra },
        encoding: 'utf8',
      });
      expect(stdout).toBe(`${ANSWER}\n`);
    };
    try {
      await print();
      expect(readdirSync(work.path)).toEqual([]);
      const first = codeCaches(cacheHome.path);
      if (nodeHasCompileCache) {
        expect(first.size).toBe(0);
        return;
      }
      expect(first.size).toBe(1);
      const [name] = [...first.keys()] as [string];
      expect(name).toMatch(/^print-\w+\.cjs\.v\d+\.\d+\.\d+-\w+-\w+\.v8cache$/);

      // Taken as it is by the next run (not written again).
      await print();
      expect(codeCaches(cacheHome.path)).toEqual(first);

      // A damaged cache is not used: the run prints the reply and writes a sound one.
      const file = join(cacheHome.path, 'wave', 'code-cache', name);
      writeFileSync(file, Buffer.from('not a code cache'));
      await print();
      expect(codeCaches(cacheHome.path).get(name)?.length).toBeGreaterThan(1000);
      const rewritten = codeCaches(cacheHome.path);
      await print();
      expect(codeCaches(cacheHome.path)).toEqual(rewritten);
      expect(readdirSync(work.path)).toEqual([]);

      // Node's own switch turns it off.
      rmSync(join(cacheHome.path, 'wave'), { recursive: true });
      await print({ NODE_DISABLE_COMPILE_CACHE: '1' });
      expect(codeCaches(cacheHome.path).size).toBe(0);
    } finally {
      work.remove();
      cacheHome.remove();
    }
  }, 60_000);

  it('print mode starts no child process machinery before the reply (node:child_process unloaded) and asks the model without undici', async () => {
    const { preload, loaded: loadedModules } = moduleList('print');
    for (const extra of [{}, { NODE_DISABLE_COMPILE_CACHE: '1' }]) {
      const { stdout } = await run(process.execPath, ['--require', preload, bin, '-p', 'hello'], {
        cwd: home.path,
        // The user's default: the sandbox on, probed only when a command needs it.
        env: { ...env(), WAVE_SANDBOX_DEFAULT: '', ...extra },
        encoding: 'utf8',
      });
      expect(stdout).toBe(`${ANSWER}\n`);
      const loaded = loadedModules();
      expect(loaded).toContain('NativeModule fs');
      expect(loaded.filter((name) => name.includes('child_process'))).toEqual([]);
      // The request goes over node:http (agent-sdk's model/http-fetch.ts): Node's fetch, undici,
      // is ~20 ms of a cold start before its first byte.
      expect(loaded).toContain('NativeModule http');
      expect(loaded.filter((name) => name.includes('undici'))).toEqual([]);
    }
  }, 30_000);

  it('the terminal UI starts and streams a reply, without loading undici', async () => {
    const { preload, loaded } = moduleList('terminal');
    const terminal = new PtyTerminal({
      file: process.execPath,
      args: ['--require', preload, bin],
      cwd: home.path,
      env: env(),
    });
    try {
      await terminal.waitFor(PROMPT_READY, 15_000, 'the prompt');
      await terminal.submit('hello');
      await waitForTurnEnd(terminal, (all) => all.includes(ANSWER));
      expect(terminal.text().split(ANSWER)).toHaveLength(2);
      terminal.write(KEYS.ctrlC);
      await terminal.waitFor('Press Ctrl+C again to exit', 5_000);
      terminal.write(KEYS.ctrlC);
      expect((await terminal.exited()).exitCode).toBe(0);
    } finally {
      await terminal.dispose();
    }
    // Ink's layout engine instantiates its inlined WebAssembly from its bytes
    // (patches/yoga-layout@3.2.1.patch), not by fetching a data: URL: undici is ~20 ms of a start.
    expect(loaded().filter((name) => name.includes('undici'))).toEqual([]);
  }, 60_000);

  it('wave --acp answers an ACP client and streams a reply', async () => {
    const child = spawn(process.execPath, [bin, '--acp'], {
      cwd: home.path,
      env: env(),
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const chunks: string[] = [];
    const client = acp
      .client({ name: 'published-bin-test' })
      .onNotification(acp.methods.client.session.update, ({ params }) => {
        const { update } = params;
        if (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text')
          chunks.push(update.content.text);
      })
      .connect(
        acp.ndJsonStream(
          Writable.toWeb(child.stdin),
          Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
        ),
      );
    try {
      const init = await client.agent.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
      });
      expect(init.agentInfo?.version).toMatch(/^\d+\.\d+\.\d+/);
      const { sessionId } = await client.agent.request(acp.methods.agent.session.new, {
        cwd: home.path,
        mcpServers: [],
      });
      const answer = await client.agent.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: 'hello' }],
      });
      expect(answer).toEqual({ stopReason: 'end_turn' });
      expect(chunks.join('')).toBe(ANSWER);
    } finally {
      client.close();
      child.kill();
    }
  }, 60_000);

  it("a bug's trace (WAVE_DEBUG=1) names the TypeScript sources, in print mode too; without it, one sentence", async () => {
    const work = tempDir('fault-work');
    mkdirSync(join(work.path, FAULT_NAME));
    // The bug: statSync of the fault folder throws (src/test-support/inject-fault.cjs).
    const faulty = async (args: string[], extra: Record<string, string> = {}) => {
      const child = spawn(process.execPath, [...FAULT_NODE_ARGS, bin, ...args], {
        cwd: work.path,
        env: { ...env(), ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      return { code, stderr };
    };
    try {
      const quiet = await faulty(['trust', FAULT_NAME]);
      expect(quiet.code).toBe(1);
      expect(quiet.stderr).toMatch(
        /^wave: internal error \(a bug in Wave\): [^\n]*WAVE_DEBUG=1[^\n]*\n$/,
      );
      expect(quiet.stderr).not.toMatch(STACK_FRAME);

      const trust = await faulty(['trust', FAULT_NAME], { WAVE_DEBUG: '1' });
      expect(trust.code).toBe(1);
      expect(trust.stderr).toMatch(
        /\n\s+at folderOf \([^\n]*\/src\/cli\/trust-command\.ts:\d+:\d+\)\n/,
      );
      // Print mode (on Node 20 otherwise its own one-line bundle, which no map serves).
      const print = await faulty(['--cwd', FAULT_NAME, '-p', 'hello'], { WAVE_DEBUG: '1' });
      expect(print.code).toBe(1);
      expect(print.stderr).toMatch(
        /\n\s+at resolveWorkdir \([^\n]*\/src\/cli\/workdir\.ts:\d+:\d+\)\n/,
      );
      // No frame of Wave's own code is left in the bundle (the launcher runs before maps are on).
      for (const trace of [trust.stderr, print.stderr])
        expect(trace.split('\n').filter((line) => /\/bundle\/(?!wave\.js:)/.test(line))).toEqual(
          [],
        );
    } finally {
      work.remove();
    }
  }, 60_000);

  it('wave web serves the chat UI it carries, and a page chats over its socket', async () => {
    const work = tempDir('web-work');
    const wave = spawn(process.execPath, [bin, 'web', '--no-open'], {
      cwd: work.path,
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    wave.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    wave.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => wave.once('exit', resolve));
    let closePage = (): void => undefined;
    try {
      await expect.poll(() => stdout, { timeout: 30_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const url = new URL(stdout.trim());
      const html = await fetch(url);
      expect(html.status).toBe(200);
      const body = await html.text();
      expect(body).toContain('./assets/wave.js');
      const script = await fetch(new URL('/assets/wave.js', url));
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toContain('javascript');

      const client = await connectPage(url);
      closePage = client.close;
      const { sessionId } = (await client.peer.request('initialize', { workdir: work.path })) as {
        sessionId: string;
      };
      await client.peer.request('sendMessage', { sessionId, text: 'hello' });
      const streamed = () =>
        client.batches
          .flatMap((batch) => batch.events)
          .map((event) => (event.type === 'assistantContentUpdated' ? (event.chunk ?? '') : ''))
          .join('');
      await expect.poll(streamed, { timeout: 20_000 }).toBe(ANSWER);
    } finally {
      closePage();
      wave.kill('SIGINT');
      await exited;
      work.remove();
    }
    expect(stderr).toContain('wave web: stopped.');
  }, 60_000);
});
