// The page as a test drives it: the real bundle, served by a real `wave web`, whose protocol
// messages come from the test instead of an agent — for exact batches no agent sends (an agent
// drops empty model deltas itself). Before the page loads, the test installs what the desktop
// preload would (`window.waveHost`: `{ post, onMessage }`), so the product has no test host of
// its own; the test answers the page's `initialize` with a session it made, then posts numbered
// batches of events. What the page sends is kept in `window.waveTestHost.sent`.
import type { AgentEvent, RpcMethodResult, SessionState } from '@wave-agent/shared-protocol';
import { initialSessionState } from '@wave-agent/shared-protocol';
import type { Page } from 'playwright-core';
import { messageInput } from './chat.js';

export interface TestHostSession {
  readonly sessionId: string;
  /** Posts one batch of events, numbered after the last. */
  send(events: readonly AgentEvent[]): Promise<void>;
}

interface SentRequest {
  readonly id: number | string;
  readonly method: string;
}

declare global {
  interface Window {
    waveTestHost?: { readonly sent: unknown[] };
  }
}

/** Runs in the page before its scripts: the preload's bridge, with the test as the far end. */
function installTestHost(): void {
  const sent: unknown[] = [];
  window.waveTestHost = { sent };
  window.waveHost = {
    post: (message) => sent.push(message),
    onMessage(listener) {
      // Only what the page posts to itself (the test's page.evaluate) counts.
      const deliver = (event: MessageEvent<unknown>): void => {
        if (event.source === window) listener(event.data);
      };
      window.addEventListener('message', deliver);
      return () => window.removeEventListener('message', deliver);
    },
  };
}

/** Posts a protocol message to the page as its host (as JSON text: it arrives as sent). */
async function post(page: Page, message: object): Promise<void> {
  await page.evaluate((json) => window.postMessage(JSON.parse(json), '*'), JSON.stringify(message));
}

/** Opens `url` (a wave web address) with the test host and answers its initialize. */
export async function openWithTestHost(page: Page, url: string): Promise<TestHostSession> {
  await page.addInitScript(installTestHost);
  await page.goto(url);
  const request = await page.waitForFunction(
    () =>
      (window.waveTestHost?.sent as SentRequest[] | undefined)?.find(
        (message) => message.method === 'initialize',
      ),
    undefined,
    { timeout: 30_000 },
  );
  const { id } = (await request.jsonValue()) as SentRequest;
  const state: SessionState = initialSessionState({
    sessionId: 'test-session',
    workdir: '/work',
    permissionMode: 'default',
    model: { provider: 'openai', model: 'test-model' },
  });
  const result: RpcMethodResult<'initialize'> = {
    state,
    seq: 0,
    sessionId: state.sessionId,
    model: state.model.model,
    provider: state.model.provider,
  };
  await post(page, { jsonrpc: '2.0', id, result });
  await messageInput(page).waitFor({ timeout: 30_000 });
  let seq = 0;
  return {
    sessionId: state.sessionId,
    async send(events) {
      const fromSeq = seq + 1;
      seq += events.length;
      await post(page, {
        jsonrpc: '2.0',
        method: 'sessionEvents',
        params: { sessionId: state.sessionId, fromSeq, toSeq: seq, events },
      });
    },
  };
}
