// The page as the test host (`?host=test`, src/host/test-bridge.ts) drives it: the real bundle,
// served by a real `wave web`, whose protocol messages come from the test instead of an agent —
// for exact batches no agent sends (an agent drops empty model deltas itself). The test answers
// the page's `initialize` with a session it made, then posts numbered batches of events.
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

/** Posts a protocol message to the page as its host (as JSON text: it arrives as sent). */
async function post(page: Page, message: object): Promise<void> {
  await page.evaluate((json) => window.postMessage(JSON.parse(json), '*'), JSON.stringify(message));
}

/** Opens `url` (a wave web address) with the test host and answers its initialize. */
export async function openWithTestHost(page: Page, url: string): Promise<TestHostSession> {
  const address = new URL(url);
  address.searchParams.set('host', 'test');
  await page.goto(address.toString());
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
