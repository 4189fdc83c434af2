// What the tests watch inside the page, installed before the app's own script runs (Playwright
// injects it through the DevTools protocol, so the page's CSP does not apply to it):
// - a frame counter (one per requestAnimationFrame),
// - every WebSocket message the page receives: its size, and for event batches the time, the
//   frame it arrived in and the sequence numbers it covers,
// - on demand, one sample per frame of the text a message shows and of its element's identity,
// - a hidden state (visibility.ts): what a hidden webview does — no frames, the messages sent
//   meanwhile never reach it — since headless Chromium never hides a page itself.
import type { Page } from 'playwright-core';

export interface ReceivedBatch {
  readonly at: number;
  readonly frame: number;
  readonly bytes: number;
  readonly fromSeq: number;
  readonly toSeq: number;
  readonly events: number;
  /** Of them, deltas of a reply's text. */
  readonly contentEvents: number;
  /** Of them, events that are not deltas (a window holding one is sent early: ARCHITECTURE §2.6). */
  readonly otherEvents: number;
  /** The turn's own length (`turnEnded.durationMs`, the agent's clock), when the batch ends one. */
  readonly turnDurationMs?: number;
}

export interface SocketRecord {
  messages: number;
  bytes: number;
  batches: ReceivedBatch[];
}

export interface TextSample {
  readonly frame: number;
  readonly text: string;
  /** Which element showed it (a number per distinct element). */
  readonly element: number;
}

declare global {
  interface Window {
    waveProbe: {
      frame: number;
      socket: SocketRecord;
      samples: TextSample[];
      sampling: string | undefined;
      /** Socket messages lost while hidden. */
      dropped: number;
      setHidden(hidden: boolean): void;
    };
  }
}

function probeScript(): void {
  let hidden = false;
  const nativeFrame = window.requestAnimationFrame.bind(window);
  const waitingFrames: FrameRequestCallback[] = [];
  const probe: Window['waveProbe'] = {
    frame: 0,
    socket: { messages: 0, bytes: 0, batches: [] },
    samples: [],
    sampling: undefined,
    dropped: 0,
    setHidden(next) {
      hidden = next;
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (hidden ? 'hidden' : 'visible'),
      });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      document.dispatchEvent(new Event('visibilitychange'));
      if (!hidden) for (const callback of waitingFrames.splice(0)) nativeFrame(callback);
    },
  };
  window.waveProbe = probe;
  // A hidden page gets no frames: requests wait until it is shown.
  window.requestAnimationFrame = (callback) => {
    if (!hidden) return nativeFrame(callback);
    waitingFrames.push(callback);
    return 0;
  };
  const elements = new WeakMap<Element, number>();
  let nextElement = 1;
  const tick = (): void => {
    probe.frame += 1;
    const selector = probe.sampling;
    if (selector !== undefined) {
      const element = [...document.querySelectorAll(selector)].at(-1);
      if (element) {
        let id = elements.get(element);
        if (id === undefined) {
          id = nextElement++;
          elements.set(element, id);
        }
        const text = element.querySelector('.markdown')?.textContent ?? '';
        const last = probe.samples.at(-1);
        if (!last || last.text !== text || last.element !== id)
          probe.samples.push({ frame: probe.frame, text, element: id });
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const Native = window.WebSocket;
  class RecordingWebSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      // Added before the page's own listener: while hidden, the message never reaches it.
      this.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (!hidden) return;
        probe.dropped += 1;
        event.stopImmediatePropagation();
      });
      this.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (typeof event.data !== 'string') return;
        probe.socket.messages += 1;
        probe.socket.bytes += new TextEncoder().encode(event.data).length;
        if (!event.data.includes('"sessionEvents"')) return;
        const params = (
          JSON.parse(event.data) as {
            params: {
              fromSeq: number;
              toSeq: number;
              events: { type: string; durationMs?: number }[];
            };
          }
        ).params;
        const ended = params.events.find((sent) => sent.type === 'turnEnded');
        probe.socket.batches.push({
          at: performance.now(),
          frame: probe.frame,
          bytes: event.data.length,
          fromSeq: params.fromSeq,
          toSeq: params.toSeq,
          events: params.events.length,
          contentEvents: params.events.filter((sent) => sent.type === 'assistantContentUpdated')
            .length,
          otherEvents: params.events.filter(
            (sent) =>
              sent.type !== 'assistantContentUpdated' && sent.type !== 'assistantReasoningUpdated',
          ).length,
          ...(ended?.durationMs !== undefined ? { turnDurationMs: ended.durationMs } : {}),
        });
      });
    }
  }
  window.WebSocket = RecordingWebSocket;
}

export async function installProbes(page: Page): Promise<void> {
  await page.addInitScript(probeScript);
}

/** Samples, once per frame, the text of the last element `selector` matches. */
export async function sampleText(page: Page, selector: string): Promise<void> {
  await page.evaluate((wanted) => {
    window.waveProbe.samples = [];
    window.waveProbe.sampling = wanted;
  }, selector);
}

export async function takeSamples(page: Page): Promise<TextSample[]> {
  return page.evaluate(() => {
    window.waveProbe.sampling = undefined;
    return window.waveProbe.samples;
  });
}

export async function socketRecord(page: Page): Promise<SocketRecord> {
  return page.evaluate(() => window.waveProbe.socket);
}

/** Forgets the socket's record so far (what follows is one scenario's). */
export async function resetSocketRecord(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.waveProbe.socket = { messages: 0, bytes: 0, batches: [] };
  });
}

export async function currentFrame(page: Page): Promise<number> {
  return page.evaluate(() => window.waveProbe.frame);
}

/** What the stream probe saw: the frame time of each React commit and of each change of a text. */
export interface StreamCadence {
  /** `document.timeline.currentTime` of each React commit (the frame it happened in). */
  readonly commits: number[];
  /** The same, for each change of the watched element's text. */
  readonly changes: number[];
}

declare global {
  interface Window {
    waveCadence: { commits: number[]; changes: number[]; watching: string | undefined };
  }
}

/**
 * Counts the app's React commits (through the hook React DevTools use, which React calls after
 * every commit) and, on demand (`watchCadence`), the changes of one element's text, each with
 * the time of the frame it happened in. Installed before the app's own script runs.
 */
export async function installCadenceProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const cadence: Window['waveCadence'] = { commits: [], changes: [], watching: undefined };
    window.waveCadence = cadence;
    const frameTime = () => Number(document.timeline.currentTime ?? performance.now());
    let lastText: string | undefined;
    const observer = new MutationObserver(() => {
      const selector = cadence.watching;
      if (selector === undefined) return;
      const text = [...document.querySelectorAll(selector)].at(-1)?.textContent ?? '';
      if (text === lastText) return;
      lastText = text;
      cadence.changes.push(frameTime());
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, { subtree: true, childList: true, characterData: true }),
    );
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      configurable: true,
      value: {
        supportsFiber: true,
        isDisabled: false,
        inject: () => 1,
        checkDCE: () => undefined,
        onCommitFiberRoot: () => {
          if (cadence.watching !== undefined) cadence.commits.push(frameTime());
        },
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
      },
    });
  });
}

/** Starts recording commits and the changes of the last element `selector` matches. */
export async function watchCadence(page: Page, selector: string): Promise<void> {
  await page.evaluate((wanted) => {
    window.waveCadence.commits = [];
    window.waveCadence.changes = [];
    window.waveCadence.watching = wanted;
  }, selector);
}

export async function takeCadence(page: Page): Promise<StreamCadence> {
  return page.evaluate(() => {
    window.waveCadence.watching = undefined;
    const { commits, changes } = window.waveCadence;
    return { commits, changes };
  });
}
