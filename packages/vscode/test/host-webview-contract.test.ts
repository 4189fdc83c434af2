// The host↔webview contract: the real extension relay (with the fake `vscode` module: VS Code
// cannot run here) against the real chat UI bundle in headless Chromium, a real `wave --stdio`
// child and tools/mock-llm over HTTP. Neither side can be green while the pair is broken.
// Several views at once stay apart (each streams its own session, and hears nothing of the
// other's); Focus Input and Add to Prompt reach the page of the view used last.
// One Chromium, one wave child (restarted once, on purpose), one model server for the file.
import { start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { activate, deactivate, VIEW_ID } from '../src/extension.js';
import type { WaveExtension } from '../src/extension.js';
import { fake, fakeExtensionContext, Uri } from './fake-vscode/vscode.js';
import type { FakeWebview, FakeWebviewPanel, FakeWebviewView } from './fake-vscode/vscode.js';
import { webviewPages } from './support/chromium-webview.js';
import type { WebviewPages } from './support/chromium-webview.js';
import { waveLauncher } from './support/wave-launcher.js';
import type { WaveLauncher } from './support/wave-launcher.js';
import { fileURLToPath } from 'node:url';

const extensionDir = fileURLToPath(new URL('..', import.meta.url));
const WAIT_MS = 40_000;

let mock: MockLlm;
let launcher: WaveLauncher;
let pages: WebviewPages;
let context: ReturnType<typeof fakeExtensionContext>;
let extension: WaveExtension;
let view: FakeWebviewView;
let page: Page;
const delivered = new Map<FakeWebview, unknown[]>();

function words(count: number, prefix: string): string {
  return Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).join(' ');
}

const reply = (count: number, prefix: string) => ({
  reply: [{ type: 'text' as const, numberedWords: { count, prefix } }],
});

beforeAll(async () => {
  mock = await start({
    scenario: {
      name: 'host-webview',
      chunkSize: 6,
      delayMs: 2,
      turns: [
        reply(300, 's'),
        reply(1500, 'h'),
        reply(4000, 'c'),
        reply(40, 'r'),
        { match: { lastUserContains: 'alpha' }, ...reply(400, 'a') },
        { match: { lastUserContains: 'beta' }, ...reply(400, 'b') },
      ],
    },
  });
  launcher = waveLauncher();
  pages = await webviewPages(`${extensionDir}dist/webview`, `${extensionDir}../webview-ui/dist`);
  fake.reset();
  // Every message the extension posts to a page, recorded on the way.
  fake.pageFor = (webview) => {
    const served = pages.pageFor(webview);
    return {
      ...served,
      deliver(message) {
        const heard = delivered.get(webview) ?? [];
        delivered.set(webview, heard);
        heard.push(message);
        served.deliver(message);
      },
    };
  };
  fake.workspaceFolder = launcher.workdir;
  fake.userSettings.set('wave.cliPath', launcher.path);
  fake.userSettings.set('wave.provider', 'openai');
  fake.userSettings.set('wave.baseURL', `${mock.url}/v1`);
  fake.userSettings.set('wave.model', 'mock-model');
  context = fakeExtensionContext(extensionDir);
  await context.secrets.store('wave.apiKey', 'mock-key');
  extension = activate(context as never);
  view = await fake.resolveView(VIEW_ID);
  page = await pages.page(view.webview);
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: WAIT_MS });
}, 120_000);

afterAll(async () => {
  context.dispose();
  await deactivate();
  await pages?.close();
  await mock?.close();
  launcher?.remove();
});

/** The ids of the replies shown before the message being watched was sent. */
let earlier: string[] = [];

/** The text of the newest reply, if it came after the last message sent. */
function lastReply(on: Page = page, before: string[] = earlier): Promise<string> {
  return on.$$eval(
    '[data-role="assistant"]',
    (elements, old) => {
      const last = elements.at(-1);
      if (!last || old.includes(last.getAttribute('data-message-id') ?? '')) return '';
      return last.querySelector('.markdown')?.textContent ?? '';
    },
    before,
  );
}

/** Sends a message from a page; returns the ids of the replies it showed before. */
async function send(text: string, on: Page = page): Promise<string[]> {
  const before = await on.$$eval('[data-role="assistant"]', (elements) =>
    elements.map((element) => element.getAttribute('data-message-id') ?? ''),
  );
  if (on === page) earlier = before;
  const input = on.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  return before;
}

/** Samples the last reply until `done`; every sample must be a prefix of `full` (no word twice). */
async function watchReply(
  full: string,
  done: (text: string) => boolean,
  on: Page = page,
  before: string[] = earlier,
): Promise<string[]> {
  const samples: string[] = [];
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const text = (await lastReply(on, before)).trim();
    samples.push(text);
    if (!full.startsWith(text))
      throw new Error(`The reply shows what it never said: …${text.slice(-200)}`);
    if (done(text)) return samples;
    if (Date.now() > deadline) throw new Error(`Timed out; the reply shows …${text.slice(-200)}`);
    await on.waitForTimeout(30);
  }
}

/** The sessions whose batches the extension posted to a page. */
function sessionsHeardBy(webview: FakeWebview): string[] {
  const ids = new Set<string>();
  for (const message of delivered.get(webview) ?? []) {
    const { method, params } = message as { method?: string; params?: { sessionId?: string } };
    if (method === 'sessionEvents' && params?.sessionId) ids.add(params.sessionId);
  }
  return [...ids];
}

describe('the extension relay with the chat UI in Chromium', () => {
  it('streams a message sent from the webview back exactly', async () => {
    const full = words(300, 's');
    await send('count for me');
    const samples = await watchReply(full, (text) => text === full);
    expect(samples.length).toBeGreaterThan(1);
    expect(await page.locator('[data-role="user"]').last().textContent()).toContain('count for me');
    // The extension's own store (same child, same session) says the same.
    const session = extension.views.active?.session;
    expect(session?.id).toBe(view.webview.html.match(/sessionId&quot;:&quot;([^&]+)/)?.[1]);
    expect(pages.errors).toEqual([]);
  });

  it('ends with the exact text when the view was hidden while the reply streamed', async () => {
    const full = words(1500, 'h');
    const session = extension.views.active?.session;
    if (!session) throw new Error('No session.');
    await send('again');
    await watchReply(full, (text) => text.length > 20);
    view.setVisible(false);
    // The turn ends while the view is hidden: what was posted meanwhile never arrived.
    const deadline = Date.now() + WAIT_MS;
    // The extension host relays without reducing: it reads the session's state by a pull.
    while ((await session.read()).status.type !== 'idle') {
      if (Date.now() > deadline) throw new Error('The turn did not end.');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(view.webview.dropped).toBeGreaterThan(0);
    expect((await lastReply()).trim()).not.toBe(full);
    view.setVisible(true);
    await watchReply(full, (text) => text === full);
  });

  it('reports a crash of wave --stdio and recovers the session, nothing shown twice', async () => {
    const full = words(4000, 'c');
    await send('a long one');
    const before = await watchReply(full, (text) => text.length > 200);
    const pid = extension.process.pid;
    expect(pid).toBeDefined();
    process.kill(pid ?? 0, 'SIGKILL');
    // Reported: the restored session marks where the crash cut the reply off.
    await page
      .getByText('Wave stopped before this turn ended', { exact: false })
      .waitFor({ timeout: WAIT_MS });
    expect(extension.process.pid).not.toBe(pid);
    const cut = (await lastReply()).trim();
    expect(full.startsWith(cut)).toBe(true);
    expect(cut.length).toBeGreaterThanOrEqual((before.at(-1) ?? '').length);
    // Recovered: the same view goes on with the same session.
    await send('and now?');
    await watchReply(words(40, 'r'), (text) => text === words(40, 'r'));
    expect(pages.errors).toEqual([]);
  });

  it('keeps two views apart: each streams its own session exactly and hears nothing of the other', async () => {
    await fake.run('wave.openInEditor');
    const panel = fake.panels.at(-1) as FakeWebviewPanel;
    const tab = await pages.page(panel.webview);
    await tab.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: WAIT_MS });
    const sidebarSession = extension.views.all()[0]?.session?.id;
    const tabSession = extension.views.active?.session?.id;
    expect(tabSession).toBeDefined();
    expect(tabSession).not.toBe(sidebarSession);
    delivered.clear();

    const [beforeSidebar, beforeTab] = await Promise.all([send('alpha'), send('beta', tab)]);
    await Promise.all([
      watchReply(words(400, 'a'), (text) => text === words(400, 'a'), page, beforeSidebar),
      watchReply(words(400, 'b'), (text) => text === words(400, 'b'), tab, beforeTab),
    ]);
    expect(sessionsHeardBy(view.webview)).toEqual([sidebarSession]);
    expect(sessionsHeardBy(panel.webview)).toEqual([tabSession]);
    expect(await page.locator('[data-role="user"]').last().textContent()).toContain('alpha');
    expect(await tab.locator('[data-role="user"]').allTextContents()).toEqual(['beta']);
    expect(pages.errors).toEqual([]);
  });

  it('Focus Input and Add to Prompt reach the page of the view used last, and only it', async () => {
    const panel = fake.panels.at(-1) as FakeWebviewPanel;
    const tab = await pages.page(panel.webview);
    const input = tab.getByRole('textbox', { name: 'Message' });
    const focused = () =>
      tab.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    await tab.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await focused()).not.toBe('Message');
    await fake.run('wave.focusInput');
    await expect.poll(focused, { timeout: WAIT_MS }).toBe('Message');

    fake.activeTextEditor = {
      document: {
        uri: Uri.file(join(launcher.workdir, 'src', 'a.ts')),
        languageId: 'typescript',
        getText: () => 'const a = 1;\nconst b = 2;\n',
      },
      selection: { start: { line: 2, character: 0 }, end: { line: 3, character: 12 } },
    };
    await tab.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await fake.run('wave.addToPrompt');
    // A chip naming the file and its lines; no text of the file goes into the box.
    const chips = tab.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
    await expect
      .poll(() => chips.allTextContents(), { timeout: WAIT_MS })
      .toEqual([expect.stringContaining('src/a.ts:3-4')]);
    expect(await input.inputValue()).toBe('');
    expect(await focused()).toBe('Message');
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
    expect(await page.getByRole('list', { name: 'Attachments' }).count()).toBe(0);
  });
});
