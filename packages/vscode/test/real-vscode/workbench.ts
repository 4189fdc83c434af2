// Driving code-server's workbench in Chromium as a user does: the command palette, quick picks,
// input boxes, notifications, the editor. A webview is two nested frames (VS Code's host
// `iframe.webview`, whose `iframe#active-frame` holds the extension's page); the sidebar's is
// told apart from an editor tab's by the host frame's `purpose` (webviewView, webviewPanel).
import type { Frame, Page } from 'playwright-core';

export const UI_MS = 30_000;

/** The Wave item of the activity bar (there once VS Code has read the extension's manifest). */
export function waveActivity(page: Page) {
  return page.locator('.activitybar [aria-label^="Wave"]').first();
}

/** Shows the Wave view in the side bar (a click on its item when shown would hide it). */
export async function showWaveView(page: Page): Promise<void> {
  const item = page.locator('.activitybar li.action-item:has([aria-label^="Wave"])').first();
  if (!/\bchecked\b/.test((await item.getAttribute('class')) ?? ''))
    await waveActivity(page).click();
}

/** The workbench is up and knows Wave's contributions (its commands are in the palette then). */
export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
  await waveActivity(page).waitFor({ timeout: 90_000 });
}

function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** The row of an open quick pick whose label is exactly `label`. */
function quickPickRow(page: Page, label: string) {
  return page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: exactly(label) }) })
    .first();
}

/** Runs a command by the title the palette shows (e.g. "Wave: Stop"). */
export async function runCommand(page: Page, title: string): Promise<void> {
  const input = page.locator('.quick-input-widget input[type="text"]');
  for (let attempt = 0; ; attempt++) {
    try {
      // Keys typed while a webview has focus stay in its frame: give the focus back first.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Escape');
      await page.keyboard.press('F1');
      await input.fill(`>${title}`, { timeout: 5_000 });
      const row = quickPickRow(page, title);
      await row.waitFor({ timeout: 10_000 });
      await row.click({ timeout: 5_000 });
      return;
    } catch (error) {
      // A webview that takes the focus (Focus Input) closes a palette opened just before.
      if (attempt >= 3) throw error;
    }
  }
}

/** Answers an open input box (e.g. "Set API Key…") with text and Enter. */
export async function answerInputBox(page: Page, text: string): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  await input.first().waitFor({ state: 'visible', timeout: UI_MS });
  await input.first().fill(text);
  await input.first().press('Enter');
}

/** Picks the quick pick item labelled `label`; returns every label the pick offered. */
export async function pickItem(page: Page, label: string): Promise<string[]> {
  const row = quickPickRow(page, label);
  await row.waitFor({ timeout: UI_MS });
  const labels = await page
    .locator('.quick-input-list .monaco-list-row .label-name')
    .allTextContents();
  await row.click();
  return labels.map((text) => text.trim());
}

/** The notification toasts shown now: message and buttons of each. */
export async function notifications(page: Page): Promise<{ message: string; buttons: string[] }[]> {
  return page.locator('.notifications-toasts .notification-toast').evaluateAll((toasts) =>
    toasts.map((toast) => ({
      message: toast.querySelector('.notification-list-item-message')?.textContent ?? '',
      buttons: Array.from(
        toast.querySelectorAll('.notification-list-item-buttons-container a, .monaco-button'),
      )
        .map((button) => button.textContent?.trim() ?? '')
        .filter((text) => text !== ''),
    })),
  );
}

/** The modal dialog shown now (VS Code's own, over the whole workbench), once it is there. */
function modalDialog(page: Page) {
  return page.locator('.monaco-dialog-box[role="dialog"]').first();
}

/**
 * What the open modal dialog says and offers: its message, its detail, its buttons as shown
 * (left to right), and the one focused (what Enter or Space answers).
 */
export async function modalQuestion(
  page: Page,
): Promise<{ message: string; detail: string; buttons: string[]; focused: string }> {
  const dialog = modalDialog(page);
  await dialog.waitFor({ timeout: UI_MS });
  return dialog.evaluate((box) => ({
    message: box.querySelector('.dialog-message-text')?.textContent?.trim() ?? '',
    detail: box.querySelector('.dialog-message-detail')?.textContent?.trim() ?? '',
    buttons: Array.from(box.querySelectorAll('.dialog-buttons .monaco-button'))
      .map((button) => button.textContent?.trim() ?? '')
      .filter((text) => text !== ''),
    focused: box.contains(document.activeElement)
      ? (document.activeElement?.textContent?.trim() ?? '')
      : '',
  }));
}

/** Clicks the open modal dialog's button labelled `label`; resolves once the dialog is gone. */
export async function answerModal(page: Page, label: string): Promise<void> {
  const dialog = modalDialog(page);
  await dialog.locator('.dialog-buttons .monaco-button', { hasText: exactly(label) }).click();
  await dialog.waitFor({ state: 'detached', timeout: UI_MS });
}

/** The page of a Wave webview: the sidebar's (`webviewView`) or the n-th editor tab's. */
export async function webviewFrame(
  page: Page,
  purpose: 'webviewView' | 'webviewPanel',
  index = 0,
): Promise<Frame> {
  // A view's host frame says `purpose=webviewView`; an editor tab's names no purpose.
  const which =
    purpose === 'webviewView' ? '[src*="purpose=webviewView"]' : ':not([src*="purpose="])';
  const host = page
    .locator(`iframe.webview[src*="extensionId=wave-agent.wave"]${which}`)
    .nth(index);
  await host.waitFor({ state: 'attached', timeout: UI_MS });
  const outer = await (await host.elementHandle())?.contentFrame();
  if (!outer) throw new Error(`The ${purpose} webview has no frame.`);
  const active = outer.locator('iframe#active-frame');
  await active.waitFor({ state: 'attached', timeout: UI_MS });
  const inner = await (await active.elementHandle())?.contentFrame();
  if (!inner) throw new Error(`The ${purpose} webview has no page inside.`);
  return inner;
}

/** The chat page of a webview once its message box is there. */
export async function chatFrame(
  page: Page,
  purpose: 'webviewView' | 'webviewPanel',
  index = 0,
): Promise<Frame> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const frame = await webviewFrame(page, purpose, index);
      await frame.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 10_000 });
      return frame;
    } catch (error) {
      // VS Code replaces a webview's inner frame when the extension sets its HTML.
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * The texts of every user and assistant message, in order. The conversation renders only the
 * rows near its viewport, so it is scrolled through from the top (each row read by its index)
 * and left at the bottom again.
 */
export function conversation(frame: Frame): Promise<{ role: string; text: string }[]> {
  return frame.evaluate(async () => {
    const log = document.querySelector<HTMLElement>('[role="log"]');
    if (!log) return [];
    const frameDone = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    const rows = new Map<number, { role: string; text: string }>();
    const read = (): void => {
      for (const row of Array.from(log.querySelectorAll('.conversation-row[data-index]'))) {
        const message = row.querySelector('[data-role]');
        if (!message) continue;
        rows.set(Number(row.getAttribute('data-index')), {
          role: message.getAttribute('data-role') ?? '',
          text: (message.textContent ?? '').replace(/\s+/g, ' ').trim(),
        });
      }
    };
    // Rows are measured as they come into view and the list's height changes meanwhile: sweep
    // in quarter views, and again while an index is missing.
    // A wheel up first, as a reader's: the view stops following the end (else it snaps back).
    const upward = (): boolean =>
      log.dispatchEvent(new WheelEvent('wheel', { deltaY: -120, bubbles: true }));
    for (let sweep = 0; sweep < 4; sweep++) {
      upward();
      log.scrollTop = 0;
      let lastTop = -1;
      for (let step = 0; step < 2000; step++) {
        for (let wait = 0; wait < 3; wait++) await frameDone();
        read();
        const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 1;
        if (atEnd && log.scrollTop === lastTop) break;
        lastTop = log.scrollTop;
        upward();
        log.scrollTop += Math.max(40, log.clientHeight / 4);
      }
      const last = Math.max(-1, ...rows.keys());
      if (rows.size === last + 1) break;
    }
    log.scrollTop = log.scrollHeight;
    return [...rows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, message]) => message)
      .filter((message) => message.role === 'user' || message.role === 'assistant');
  });
}
