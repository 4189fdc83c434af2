// Headless Chromium for the webview's tests: Debian's chromium (playwright-core downloads no
// browser), a fresh profile per launch, flags that keep it quiet and offline. One browser per
// test file; pages are reused where the test allows.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.WAVE_CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Hidden and background pages keep their timers and frames (tests decide what is hidden).
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium; .ci/run does it) or set WAVE_CHROMIUM_PATH.`,
    );
  }
  // Playwright hides scrollbars in headless mode; readers grab them, so the tests do too.
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ARGS,
    headless: true,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
}

export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** What the page printed as errors (console errors, uncaught exceptions). */
  readonly errors: string[];
}

/** A page in a fresh context (its own storage), with its errors collected. */
export async function openPage(
  browser: Browser,
  options: {
    readonly width?: number;
    readonly height?: number;
    readonly colorScheme?: 'light' | 'dark';
  } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1000, height: options.height ?? 700 },
    colorScheme: options.colorScheme ?? 'light',
  });
  // Functions sent into the page are serialised from their source; run under tsx (the
  // benchmark), esbuild names inner functions with calls to a `__name` helper that only exists in
  // Node. Defined here, such source runs in the page as written.
  await context.addInitScript('globalThis.__name ??= (target) => target;');
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
