// The test adapter: the page's own window plays the host. A test (Playwright's page.evaluate)
// posts protocol messages and host commands with `window.postMessage`, and reads what the UI
// sends from `window.waveTestHost.sent`. Only messages the page posts to itself count (no other
// window or frame can drive it), and nothing reaches a real agent: it exists so tests can feed
// the real bundle exact batches (empty chunks, gaps, replays) that a real agent never sends.
import type { BootInfo } from './boot-info.js';
import { channelBridge, documentVisibility } from './channel-bridge.js';
import type { HostBridge, RawChannel } from './host-bridge.js';

/** The key of what the UI sends, so the page's own posts to the host are not read back. */
export const TEST_OUTBOX_KEY = 'waveToTestHost';

export interface TestHostRecord {
  /** Every message the UI sent, in order. */
  readonly sent: unknown[];
}

declare global {
  interface Window {
    waveTestHost?: TestHostRecord;
  }
}

export function testBridge(win: Window, boot: BootInfo): HostBridge {
  const record: TestHostRecord = { sent: [] };
  win.waveTestHost = record;
  const channel: RawChannel = {
    post: (message) => {
      record.sent.push(message);
      win.dispatchEvent(new CustomEvent(TEST_OUTBOX_KEY, { detail: message }));
    },
    onMessage: (listener) => {
      const deliver = (event: MessageEvent<unknown>): void => {
        if (event.source === win) listener(event.data);
      };
      win.addEventListener('message', deliver);
      return () => win.removeEventListener('message', deliver);
    },
  };
  return channelBridge({
    kind: 'test',
    channel,
    boot,
    onVisible: documentVisibility(win.document),
  });
}
