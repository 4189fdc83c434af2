// Hides and shows a page as a host does (a tab in the background, a VS Code view behind another):
// `visibilitychange`, no animation frames while hidden, and — as a hidden webview — the socket's
// messages lost meanwhile. Headless Chromium never hides a page itself, so the probes
// (page-probes.ts, installed before the app runs) do it.
import type { Page } from 'playwright-core';

export async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((next) => window.waveProbe.setHidden(next), hidden);
}
