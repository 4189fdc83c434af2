// What a person does and sees in the chat, through the names the UI gives its parts (the same a
// screen reader uses): the "Message" input, the `role="log"` conversation, messages with
// `data-message-id` and `data-role`, the "Stop" and "Jump to latest" buttons.
import type { Locator, Page } from 'playwright-core';

export interface ShownMessage {
  readonly id: string;
  readonly role: string;
  readonly text: string;
}

/** A message of the conversation itself (a subagent's nested messages carry the same attributes). */
export const TOP_LEVEL_MESSAGE = '.conversation-row > [data-message-id]';

export function messageInput(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Message' });
}

export function conversation(page: Page): Locator {
  return page.getByRole('log');
}

export async function openChat(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await messageInput(page).waitFor({ timeout: 60_000 });
}

export async function send(page: Page, text: string): Promise<void> {
  await messageInput(page).fill(text);
  await messageInput(page).press('Enter');
}

/** The messages in the DOM (the virtualised list renders those near the viewport). */
export async function shownMessages(page: Page): Promise<ShownMessage[]> {
  return page.$$eval(TOP_LEVEL_MESSAGE, (elements) =>
    elements.map((element) => ({
      id: element.getAttribute('data-message-id') ?? '',
      role: element.getAttribute('data-role') ?? '',
      text: (element.querySelector('.markdown') ?? element).textContent ?? '',
    })),
  );
}

export async function lastAssistantText(page: Page): Promise<string> {
  return page.$$eval(
    `${TOP_LEVEL_MESSAGE}[data-role="assistant"]`,
    (elements) => elements.at(-1)?.querySelector('.markdown')?.textContent ?? '',
  );
}

/** Waits until no turn runs (the bar says "Ready"). */
export async function waitUntilReady(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.locator('.status-activity', { hasText: 'Ready' }).waitFor({ timeout: timeoutMs });
}

export async function waitForText(
  page: Page,
  check: (text: string) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<string> {
  const started = Date.now();
  for (;;) {
    const text = await lastAssistantText(page);
    if (check(text)) return text;
    if (Date.now() - started > timeoutMs)
      throw new Error(`Timed out waiting for ${what}; the last reply shows: ${text.slice(-300)}`);
    await page.waitForTimeout(50);
  }
}

/** "w1 w2 … wN", as mock-llm's numberedWords makes it. */
export function numberedWords(count: number, prefix = 'w'): string {
  return Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).join(' ');
}
