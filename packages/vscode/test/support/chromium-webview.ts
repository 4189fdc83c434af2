// The page side of the fake's webviews: each webview the extension makes is a real page in
// headless Chromium (Debian's chromium, playwright-core), served from 127.0.0.1 the way VS Code
// serves a webview: the extension's HTML as it set it (its CSP applies), the extension's files at
// the URLs `asWebviewUri` gives (only under dist/webview), `acquireVsCodeApi()` whose
// `postMessage` reaches the extension's `onDidReceiveMessage`, and the extension's messages
// arriving as window `message` events, in order.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, resolve, sep } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import type { FakeWebview, WebviewPage } from '../fake-vscode/vscode.js';

const CHROMIUM_PATH = process.env.WAVE_CHROMIUM_PATH ?? '/usr/bin/chromium';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

export interface WebviewPages {
  /** The webview factory for `fake.pageFor`. */
  readonly pageFor: (webview: FakeWebview) => WebviewPage;
  /** The Chromium page of a webview (once the extension set its HTML). */
  page(webview: FakeWebview): Promise<Page>;
  /** What the pages reported as errors. */
  readonly errors: string[];
  close(): Promise<void>;
}

/**
 * `filesRoot`: the extension's folder of webview files (what `localResourceRoots` allows);
 * `servedFrom`: where those files are read (the chat UI's own build, which the extension's build
 * copies there, so the test needs no build of the extension that another test may be redoing).
 */
export async function webviewPages(filesRoot: string, servedFrom: string): Promise<WebviewPages> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium; .ci/run does it) or set WAVE_CHROMIUM_PATH.`,
    );
  const root = resolve(filesRoot);
  const source = resolve(servedFrom);
  const htmls = new Map<number, string>();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // Chromium asks every origin for an icon; a webview has none.
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const view = /^\/view\/(\d+)$/.exec(url.pathname);
    if (view) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(htmls.get(Number(view[1])) ?? '');
      return;
    }
    const asked = resolve(decodeURIComponent(url.pathname.replace(/^\/files/, '')));
    const file = join(source, relative(root, asked));
    if (!url.pathname.startsWith('/files/') || !asked.startsWith(root + sep) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
  const errors: string[] = [];
  const pages = new Map<FakeWebview, Promise<Page>>();
  let nextView = 1;

  const pageFor = (webview: FakeWebview): WebviewPage => {
    const id = nextView++;
    // Everything the extension does to this page happens in this order.
    let queue: Promise<unknown> = Promise.resolve();
    const opened = (async () => {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.exposeFunction('__waveToExtension', (message: unknown) =>
        webview.fromPage(message),
      );
      await page.addInitScript(() => {
        const toExtension = (window as unknown as { __waveToExtension: (m: unknown) => void })
          .__waveToExtension;
        let acquired = false;
        (window as unknown as { acquireVsCodeApi: unknown }).acquireVsCodeApi = () => {
          if (acquired) throw new Error('acquireVsCodeApi may be called once.');
          acquired = true;
          return { postMessage: (message: unknown) => toExtension(message) };
        };
      });
      return page;
    })();
    let loaded = false;
    const run = (step: (page: Page) => Promise<unknown>): void => {
      queue = queue
        .then(async () => step(await opened))
        .catch((error: unknown) => {
          errors.push(`harness: ${error instanceof Error ? error.message : String(error)}`);
        });
    };
    pages.set(
      webview,
      opened.then(async (page) => {
        await new Promise<void>((done) => {
          const check = (): void => (loaded ? done() : void setTimeout(check, 20));
          check();
        });
        return page;
      }),
    );
    return {
      origin,
      resourceUrl: (fsPath) => `${origin}/files${fsPath}`,
      load(html) {
        htmls.set(id, html);
        run(async (page) => {
          await page.goto(`${origin}/view/${id}`);
          loaded = true;
        });
      },
      deliver(message) {
        run((page) =>
          page.evaluate(
            (data) => window.dispatchEvent(new MessageEvent('message', { data })),
            message,
          ),
        );
      },
    };
  };

  return {
    pageFor,
    errors,
    page(webview) {
      const page = pages.get(webview);
      if (!page) throw new Error('This webview has no page.');
      return page;
    },
    async close() {
      await browser.close();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
