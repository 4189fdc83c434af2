// Issue 12's stream in the web UI: `wave web` (the same wave as the terminal rows) and the chat UI
// in Chromium (playwright-core, Debian's chromium), with the parts the webview tests use. For
// the 2,000-chunk reply: the page's main-thread time (DevTools Performance metrics), the bytes
// and messages the socket brought, and the CPU of the wave web process. Then the input latency
// while the same reply streams into a 1,000-message session (resumed from the sessions list): per
// key, from the key event to the frame after it was painted.
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  installProbes,
  lastAssistantText,
  launchChromium,
  messageInput,
  openChat,
  openPage,
  resetSocketRecord,
  seedSession,
  send,
  socketRecord,
  startWaveWeb,
  tempDir,
  waitUntilReady,
} from '@wave-agent/webview-ui/test-harness';
import type { WaveWeb } from '@wave-agent/webview-ui/test-harness';
import { median } from './headless.js';
import { END_MARKER, STREAM_PROMPT } from './issue12-reply.js';
import { cpuSecondsOf } from './process-cpu.js';
import type { WaveCommand } from './wave-command.js';

/** Exchanges in the long session: twice as many messages. */
const LONG_SESSION_TURNS = 500;
/** Keys typed while the reply streams, and the pause between them (ms). */
const KEYS = 30;
const KEY_PAUSE_MS = 60;
/** The stream is over once the socket has been quiet this long after the last word (ms). */
const QUIET_MS = 1000;
const STREAM_TIMEOUT_MS = 180_000;

declare global {
  interface Window {
    /** Each key's latency in ms (watchKeys). */
    waveKeyLatency?: number[];
  }
}

export interface WebUiStream {
  /** Seconds the page's main thread was busy (DevTools `TaskDuration`), and of it: script. */
  readonly mainThreadSeconds: number;
  readonly scriptSeconds: number;
  /** What wave web sent the page over the socket during the stream. */
  readonly socketBytes: number;
  readonly socketMessages: number;
  /** CPU of the wave web process during the stream. */
  readonly serverCpuSeconds: number;
}

export interface InputLatency {
  readonly keys: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

export interface WebUiFigures {
  /** Medians of the runs. */
  readonly stream: WebUiStream;
  readonly inputLatency: InputLatency;
}

/** The page's DevTools Performance counters, read on one session (each session counts anew). */
async function performanceCounters(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return {
    async read(): Promise<Map<string, number>> {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return new Map(metrics.map((metric) => [metric.name, metric.value]));
    },
    detach: () => cdp.detach(),
  };
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > STREAM_TIMEOUT_MS)
      throw new Error(`The web UI benchmark timed out waiting for ${what}.`);
    // Seldom: each look is work on the page it measures.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Until the whole reply is on screen, the turn has ended and the socket has gone quiet. */
async function streamEnd(page: Page): Promise<void> {
  await waitFor(async () => (await lastAssistantText(page)).includes(END_MARKER), 'the reply');
  await waitUntilReady(page, STREAM_TIMEOUT_MS);
  let messages = (await socketRecord(page)).messages;
  let quietSince = Date.now();
  await waitFor(async () => {
    const now = (await socketRecord(page)).messages;
    if (now !== messages) {
      messages = now;
      quietSince = Date.now();
    }
    return Date.now() - quietSince >= QUIET_MS;
  }, 'the socket to go quiet');
}

async function measureStream(browser: Browser, web: WaveWeb): Promise<WebUiStream> {
  const { page, context } = await openPage(browser, { width: 1000, height: 700 });
  try {
    await installProbes(page);
    await openChat(page, web.url);
    await page.getByRole('button', { name: 'New session' }).click();
    await waitUntilReady(page);
    await resetSocketRecord(page);
    const counters = await performanceCounters(page);
    const before = await counters.read();
    const cpuBefore = cpuSecondsOf(web.child.pid!);
    await send(page, STREAM_PROMPT);
    await streamEnd(page);
    const serverCpuSeconds = cpuSecondsOf(web.child.pid!) - cpuBefore;
    const after = await counters.read();
    await counters.detach();
    const socket = await socketRecord(page);
    const spent = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    return {
      mainThreadSeconds: spent('TaskDuration'),
      scriptSeconds: spent('ScriptDuration'),
      socketBytes: socket.bytes,
      socketMessages: socket.messages,
      serverCpuSeconds,
    };
  } finally {
    await context.close();
  }
}

/** Each key's time from its event to just after the frame that painted it, in the page. */
async function watchKeys(page: Page): Promise<void> {
  await page.evaluate(() => {
    const latencies: number[] = [];
    window.waveKeyLatency = latencies;
    window.addEventListener(
      'keydown',
      (event) => {
        const at = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => latencies.push(performance.now() - at), 0));
      },
      { capture: true },
    );
  });
}

async function measureInputLatency(
  browser: Browser,
  web: WaveWeb,
  sessionTitle: string,
): Promise<InputLatency> {
  const { page, context } = await openPage(browser, { width: 1000, height: 700 });
  try {
    await installProbes(page);
    await openChat(page, web.url);
    await page.getByRole('button', { name: 'Sessions' }).click();
    await page.getByRole('button', { name: new RegExp(`^${sessionTitle}\\b`) }).click();
    await page
      .locator(`.conversation-row[data-index="${2 * LONG_SESSION_TURNS - 1}"]`)
      .waitFor({ timeout: STREAM_TIMEOUT_MS });
    await send(page, STREAM_PROMPT);
    await waitFor(async () => (await lastAssistantText(page)).length > 200, 'the reply to start');
    // Watched from here, so only the keys typed into the stream count (not the Enter that sent it).
    await watchKeys(page);
    await messageInput(page).focus();
    await page.keyboard.type('x'.repeat(KEYS), { delay: KEY_PAUSE_MS });
    const streamedAll = (await lastAssistantText(page)).includes(END_MARKER);
    if (streamedAll)
      throw new Error(
        'The reply ended before the typing did: the input latency was not measured while streaming. Slow the stream down or type fewer keys.',
      );
    await streamEnd(page);
    const latencies = await page.evaluate(() => window.waveKeyLatency ?? []);
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      keys: sorted.length,
      medianMs: median(sorted),
      p95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
      maxMs: sorted.at(-1) ?? 0,
    };
  } finally {
    await context.close();
  }
}

export async function benchWebUi(
  wave: WaveCommand,
  mockUrl: string,
  runs: number,
): Promise<WebUiFigures> {
  const [figures] = await benchWebUiAlternated([wave], mockUrl, runs);
  if (!figures) throw new Error('The web UI benchmark measured no build.');
  return figures;
}

/** Medians of each figure of the runs. */
function medianStream(streams: readonly WebUiStream[]): WebUiStream {
  const of = (pick: (stream: WebUiStream) => number) => median(streams.map(pick));
  return {
    mainThreadSeconds: of((s) => s.mainThreadSeconds),
    scriptSeconds: of((s) => s.scriptSeconds),
    socketBytes: of((s) => s.socketBytes),
    socketMessages: of((s) => s.socketMessages),
    serverCpuSeconds: of((s) => s.serverCpuSeconds),
  };
}

/**
 * The web UI's figures of several builds (e.g. before and after a change, BENCH_COMPARE), each
 * `wave web` in its own folders: the streams in turn, build after build, round after round, so
 * all see the same load; then each build's input latency.
 */
export async function benchWebUiAlternated(
  waves: readonly WaveCommand[],
  mockUrl: string,
  runs: number,
): Promise<WebUiFigures[]> {
  const folders: string[] = [];
  const served: { web: WaveWeb; title: string; streams: WebUiStream[] }[] = [];
  let browser: Browser | undefined;
  try {
    for (const wave of waves) {
      const waveHome = tempDir('bench-home');
      const workdir = tempDir('bench-work');
      folders.push(waveHome, workdir);
      const seeded = await seedSession({ waveHome, workdir, turns: LONG_SESSION_TURNS });
      const web = await startWaveWeb({
        llmUrl: mockUrl,
        waveHome,
        workdir,
        waveNodeArgs: wave.nodeArgs,
      });
      served.push({ web, title: seeded.title, streams: [] });
    }
    browser = await launchChromium();
    for (let run = 0; run < runs; run++)
      for (const build of served) build.streams.push(await measureStream(browser, build.web));
    const figures: WebUiFigures[] = [];
    for (const build of served)
      figures.push({
        stream: medianStream(build.streams),
        inputLatency: await measureInputLatency(browser, build.web, build.title),
      });
    return figures;
  } finally {
    await browser?.close();
    for (const build of served) await build.web.dispose();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}
