// The renderer: the real chat UI bundle in headless Chromium, in the Electron adapter (the real
// preload's `window.waveHost = { post, onMessage }`, run against a fake of the electron module a
// preload sees: test/fake-electron-preload.ts), its pages served by the app's own scheme
// handler (with its CSP header), its messages through the main process's IPC relay (sender
// checked) to the window's real `wave --stdio`, and tools/mock-llm. Electron's API is the fake
// (test/fake-electron.ts): its binary cannot run here. One Chromium, one wave child. The tests
// run in order on one page: the sessions sidebar's test starts from the chat turn before it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import { chromium } from 'playwright-core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveAppFile } from '../src/main/app-protocol.js';
import { DesktopApp } from '../src/main/desktop-app.js';
import type { ElectronApi } from '../src/main/electron-api.js';
import { waveFromSource } from './wave-from-source.js';
import { fakeElectron, sendFromRenderer } from './fake-electron.js';
import { preloadInitScript } from './preload-bundle.js';
import type { FakeBrowserWindow } from './fake-electron.js';

const UI = fileURLToPath(new URL('../../webview-ui/dist', import.meta.url));
const CHROMIUM_PATH = process.env.WAVE_CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = mkdtempSync(join(tmpdir(), 'wave-desktop-renderer-'));
const folder = join(root, 'project');
mkdirSync(folder);
writeFileSync(join(folder, 'plan.md'), '# Plan\nthe-plan-body-4417\n');
let mock: MockLlm;
let server: Server;
let browser: Browser;
let page: Page;
let closeWindow: () => void = () => undefined;
const errors: string[] = [];

beforeAll(async () => {
  mock = await start({
    scenario: {
      name: 'renderer',
      chunkSize: 5,
      delayMs: 2,
      turns: [
        { reply: [{ type: 'text', numberedWords: { count: 200, prefix: 'd' } }] },
        {
          match: { lastUserContains: 'summarise' },
          reply: [{ type: 'text', text: 'Summarised.' }],
        },
      ],
    },
  });
  const fake = fakeElectron(join(root, 'user-data'));
  const desktop = new DesktopApp(fake.electron as unknown as ElectronApi, {
    uiRoot: UI,
    preloadPath: join(root, 'preload.cjs'),
    dataDir: join(root, 'user-data'),
    log: (line) => errors.push(line),
    wave: waveFromSource(root, mock.url),
  });
  const opened = await desktop.openFolder(folder);
  const window = opened?.window as unknown as FakeBrowserWindow;
  const contents = window.webContents;
  closeWindow = () => window.close();
  const appUrl = new URL(window.loaded[0] ?? '');

  // Chromium cannot load wave-app:// here; the same handler answers on 127.0.0.1 instead.
  server = createServer((request, response) => {
    void serveAppFile(`wave-app://ui${request.url ?? '/'}`, UI).then(async (answer) => {
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => (headers[name] = value));
      response.writeHead(answer.status, headers);
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  page = await browser.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The real preload, run against the fake electron module before the page's scripts (as
  // Electron runs it); its IPC goes to the main process's relay on the channel it names.
  await page.exposeFunction('__waveIpcSend', (channel: string, message: unknown) =>
    sendFromRenderer(fake.electron.ipcMain, channel, contents, message),
  );
  await page.addInitScript({ content: await preloadInitScript() });
  let queue: Promise<unknown> = Promise.resolve();
  contents.renderer = (channel, message) => {
    queue = queue.then(() =>
      page.evaluate(
        ([to, data]) =>
          (
            window as unknown as { __waveIpcDeliver(channel: unknown, data: unknown): void }
          ).__waveIpcDeliver(to, data),
        [channel, message] as const,
      ),
    );
  };
  await page.goto(`${origin}${appUrl.pathname}${appUrl.search}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 60_000 });
}, 120_000);

afterAll(async () => {
  closeWindow();
  await browser?.close();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  await mock?.close();
  rmSync(root, { recursive: true, force: true });
});

const FULL_REPLY = Array.from({ length: 200 }, (_, index) => `d${index + 1}`).join(' ');

/** The texts of the assistant messages on screen. */
function assistantTexts(): Promise<string[]> {
  return page.$$eval('[data-role="assistant"]', (elements) =>
    elements.map((element) => (element.querySelector('.markdown')?.textContent ?? '').trim()),
  );
}

/** Waits (bounded) until `check` holds, else fails saying what it waited for and what it saw. */
async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  check: (seen: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = await read();
    if (check(seen)) return seen;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}; saw ${JSON.stringify(seen)}`);
    await page.waitForTimeout(50);
  }
}

/** The sidebar's entries: each button's text and whether it is the session shown. */
function sidebarEntries(list: Locator): Promise<{ text: string; current: boolean }[]> {
  return list.getByRole('button').evaluateAll((buttons) =>
    buttons.map((button) => ({
      text: (button.textContent ?? '').trim(),
      current: button.getAttribute('aria-current') === 'true',
    })),
  );
}

describe('the desktop renderer', () => {
  it('chats through the preload bridge and the IPC relay, the reply exactly as sent', async () => {
    const full = FULL_REPLY;
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('count');
    await input.press('Enter');
    const deadline = Date.now() + 40_000;
    for (;;) {
      const text = (
        await page.$$eval(
          '[data-role="assistant"]',
          (elements) => elements.at(-1)?.querySelector('.markdown')?.textContent ?? '',
        )
      ).trim();
      expect(full.startsWith(text), text.slice(-200)).toBe(true);
      if (text === full) break;
      if (Date.now() > deadline) throw new Error(`Timed out; the reply shows …${text.slice(-200)}`);
      await page.waitForTimeout(30);
    }
    expect(errors).toEqual([]);
  });

  it('shows the folder’s sessions beside the chat: listed after a turn, new, and resumed', async () => {
    const sidebar = page.getByRole('navigation', { name: 'Sessions' });
    await sidebar.waitFor({ timeout: 30_000 });
    const list = sidebar.getByRole('list', { name: 'Sessions of this folder' });
    // A column left of the chat, its own width.
    const column = await sidebar.boundingBox();
    const chat = await page.getByRole('log').boundingBox();
    expect(column && chat && column.x + column.width <= chat.x).toBe(true);
    expect(column?.width).toBeGreaterThan(100);
    // The sidebar has New session and the list; the bar above the chat does not repeat them.
    expect(await page.getByRole('button', { name: 'New session', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Sessions', exact: true }).count()).toBe(0);

    // The turn above is stored: its title (the prompt) and both messages, the one shown.
    const saved = await waitUntil(
      'the turn’s session in the sidebar',
      () => sidebarEntries(list),
      (entries) => entries.length === 1 && /^count\s*2 messages/.test(entries[0]?.text ?? ''),
    );
    expect(saved[0]?.current).toBe(true);

    // New session: the chat is empty and the sidebar lists it, not saved, above the stored one.
    await sidebar.getByRole('button', { name: 'New session', exact: true }).click();
    await waitUntil('an empty chat', assistantTexts, (texts) => texts.length === 0);
    await page.getByText('Ask Wave anything about this folder.').waitFor({ timeout: 30_000 });
    const afterNew = await waitUntil(
      'the new session in the sidebar',
      () => sidebarEntries(list),
      (entries) => entries.length === 2,
    );
    expect(afterNew[0]).toEqual({ text: 'New sessionnot saved yet', current: true });
    expect(afterNew[1]?.text).toMatch(/^count\s*2 messages/);
    expect(afterNew[1]?.current).toBe(false);

    // Choosing the earlier session brings its reply back, once; the empty one is gone.
    await list.getByRole('button', { name: /^count/ }).click();
    const texts = await waitUntil('the resumed reply', assistantTexts, (shown) =>
      shown.includes(FULL_REPLY),
    );
    expect(texts.filter((text) => text === FULL_REPLY)).toHaveLength(1);
    const afterResume = await waitUntil(
      'the resumed session marked',
      () => sidebarEntries(list),
      (entries) => entries.length === 1 && entries[0]?.current === true,
    );
    expect(afterResume[0]?.text).toMatch(/^count\s*2 messages/);
    expect(errors).toEqual([]);
  }, 120_000);

  it('completes @ and sends the file through the IPC relay; the chip comes back with the resumed session', async () => {
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.click();
    await page.keyboard.type('summarise @pla');
    const option = page
      .getByRole('listbox', { name: 'Files' })
      .getByRole('option', { name: '@plan.md', exact: true });
    await option.waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    expect(await input.inputValue()).toBe('summarise @plan.md ');
    const before = mock.requests.length;
    await input.press('Enter');
    await waitUntil('the reply', assistantTexts, (texts) => texts.at(-1) === 'Summarised.');
    expect(JSON.stringify(mock.requests.slice(before).map((request) => request.body))).toContain(
      'the-plan-body-4417',
    );
    const chips = () => page.locator('[data-role="user"] .attachment-chip').allTextContents();
    await waitUntil('the chip', chips, (shown) => shown.length === 1);
    expect((await chips())[0]).toContain('plan.md');

    // Another session, then this one again: its message still shows what was attached.
    const sidebar = page.getByRole('navigation', { name: 'Sessions' });
    await sidebar.getByRole('button', { name: 'New session', exact: true }).click();
    await waitUntil('an empty chat', assistantTexts, (texts) => texts.length === 0);
    await sidebar.getByRole('button', { name: /^count/ }).click();
    const resumed = await waitUntil('the chip again', chips, (shown) => shown.length === 1);
    expect(resumed[0]).toContain('plan.md');
    expect(errors).toEqual([]);
  }, 120_000);
});
