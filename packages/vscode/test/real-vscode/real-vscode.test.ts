// Wave in a REAL VS Code: code-server 4.139.1 (VS Code 1.139's server and web workbench, under
// Node 24, installed once into the user's cache by install-code-server.ts) with the packed .vsix
// installed as a user installs it, driven in headless Chromium (playwright-core) through the
// workbench's own UI — the activity bar, the command palette, input boxes, the editor — against
// tools/mock-llm over HTTP. No fake anywhere: the `vscode` module is VS Code's own. The steps
// run in order on one window, as a user's session does: the key set before Wave starts reaches
// the model server; the sidebar streams a long reply exactly; a permission question is answered
// in the webview; Switch Model, Stop and Add to Prompt from the palette; an editor-tab chat; a
// window reload brings each view's conversation back exactly once; a second window, on a folder
// whose settings ask for bypass mode, asks in VS Code's modal (refusing is the focused default),
// and untrusted its Bash still asks first, trusted it runs unasked; and the extension host's log
// holds no error from Wave's files (VS Code 1.139 throws on a bundled read of `navigator`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm } from '@wave-agent/mock-llm';
import { chromium } from 'playwright-core';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCodeServer } from './code-server.js';
import type { CodeServer } from './code-server.js';
import { ensureCodeServer } from './install-code-server.js';
import {
  answerInputBox,
  answerModal,
  chatFrame,
  conversation,
  modalQuestion,
  notifications,
  pickItem,
  runCommand,
  UI_MS,
  waitForWorkbench,
  showWaveView,
} from './workbench.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM_PATH = process.env.WAVE_CHROMIUM_PATH ?? '/usr/bin/chromium';
const KEY = 'key-set-in-real-vscode';
/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const LONG = 1200;

function words(count: number, prefix: string): string {
  return Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).join(' ');
}

let mock: MockLlm;
let vscode: CodeServer;
let browser: Browser;
let page: Page;
let sidebar: Frame;
let tab: Frame;
/** A second window, on a folder whose settings ask for more (the trust steps). */
let trustPage: Page | undefined;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) or set WAVE_CHROMIUM_PATH.`,
    );
  const install = await ensureCodeServer();
  const packed = spawnSync(process.execPath, ['scripts/package.mjs'], {
    cwd: packageDir,
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (packed.status !== 0) throw new Error(`packaging failed:\n${packed.stdout}${packed.stderr}`);
  const version = (
    JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

  mock = await start({
    scenario: {
      name: 'real-vscode',
      chunkSize: 5,
      delayMs: 1,
      turns: [
        // A folder's Bash, untrusted then trusted (the trust steps): each writes its own file.
        ...(['first', 'second'] as const).flatMap((which) => [
          {
            match: { lastToolResultContains: `${which} check done` },
            reply: [{ type: 'text' as const, text: `The ${which} check ran.` }],
          },
          {
            match: { lastUserContains: `${which} check` },
            reply: [
              {
                type: 'tool_call' as const,
                name: 'Bash',
                input: {
                  command: `echo checked > ${which}.txt && echo ${which} check done`,
                  description: `Run the ${which} check`,
                },
              },
            ],
          },
        ]),
        {
          match: { lastUserContains: 'count' },
          reply: [{ type: 'text', numberedWords: { count: LONG, prefix: 'w' } }],
        },
        {
          match: { lastToolResultContains: 'notes.txt' },
          reply: [{ type: 'text', text: 'The notes are written.' }],
        },
        {
          match: { lastToolResultContains: 'more.txt' },
          reply: [{ type: 'text', text: 'More is written.' }],
        },
        {
          match: { lastUserContains: 'more' },
          reply: [
            {
              type: 'tool_call',
              name: 'Write',
              input: { file_path: 'more.txt', content: 'more from Wave\n' },
            },
          ],
        },
        {
          match: { lastUserContains: 'write' },
          reply: [
            {
              type: 'tool_call',
              name: 'Write',
              input: { file_path: 'notes.txt', content: 'written by Wave\n' },
            },
          ],
        },
        {
          match: { lastUserContains: 'forever' },
          faults: [{ kind: 'hold', afterChunks: 20 }],
          reply: [{ type: 'text', numberedWords: { count: 3000, prefix: 'f' } }],
        },
        {
          match: { lastUserContains: 'which model' },
          reply: [{ type: 'text', text: 'This one.' }],
        },
        {
          match: { lastUserContains: 'during' },
          delayMs: 12,
          reply: [{ type: 'text', numberedWords: { count: 400, prefix: 'd' } }],
        },
        {
          match: { lastUserContains: 'explain these lines' },
          reply: [{ type: 'text', text: 'Explained.' }],
        },
        {
          match: { lastUserContains: 'tab' },
          reply: [{ type: 'text', numberedWords: { count: 200, prefix: 't' } }],
        },
      ],
    },
  });
  vscode = await startCodeServer({
    install,
    vsix: join(packageDir, `wave-${version}.vsix`),
    settings: {
      'wave.provider': 'openai',
      'wave.baseURL': `${mock.url}/v1`,
      'workbench.startupEditor': 'none',
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
      'chat.disableAIFeatures': true,
      'workbench.tips.enabled': false,
      'extensions.autoCheckUpdates': false,
      'extensions.ignoreRecommendations': true,
      'telemetry.telemetryLevel': 'off',
      'update.mode': 'none',
    },
  });
  // Wave's own settings (in the temp HOME's ~/.wave): two configured models to switch between.
  const wave = join(vscode.root, 'home/.wave');
  mkdirSync(wave, { recursive: true });
  writeFileSync(
    join(wave, 'settings.json'),
    JSON.stringify({
      models: {
        fast: { provider: 'openai', model: 'fast-model' },
        smart: { provider: 'openai', model: 'smart-model' },
      },
      defaultModel: 'fast',
    }),
  );
  writeFileSync(
    join(vscode.workdir, 'hello.ts'),
    'const greeting = "hello";\nconsole.log(greeting);\nconst shout = greeting.toUpperCase();\nexport { shout };\n',
  );
  // The project's memory file, for /memory N.
  writeFileSync(join(vscode.workdir, 'AGENTS.md'), '# Notes\nRun the tests before saying done.\n');

  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(vscode.url);
  await waitForWorkbench(page);
}, 20 * 60_000);

// A failed step leaves a picture of the workbench, for whoever reads the failure.
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail' || !page) return;
  const shots = join(tmpdir(), 'wave-real-vscode-failures');
  mkdirSync(shots, { recursive: true });
  const file = join(shots, `${context.task.name.replace(/[^\w]+/g, '-').slice(0, 80)}.png`);
  // The window the step was driving: the trust steps' own while it is open.
  await (trustPage ?? page).screenshot({ path: file }).catch(() => undefined);
  console.error(`The workbench when "${context.task.name}" failed: ${file}`);
});

afterAll(async () => {
  await trustPage?.close();
  await browser?.close();
  await vscode?.stop();
  mock?.release();
  await mock?.close();
});

/** Sends a message from a chat page. */
async function send(frame: Frame, text: string): Promise<void> {
  const input = frame.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
}

/** The last assistant message's text in a page. */
function lastReply(frame: Frame): Promise<string> {
  return frame.$$eval('[data-role="assistant"] .markdown', (elements) =>
    (elements.at(-1)?.textContent ?? '').trim(),
  );
}

/** Starts recording the last reply's text at every animation frame of the page. */
async function recordFrames(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    const seen: string[] = [];
    const start = document.querySelectorAll('[data-role="assistant"]').length;
    (window as unknown as { waveFrames: string[] }).waveFrames = seen;
    const sample = (): void => {
      const replies = document.querySelectorAll('[data-role="assistant"]');
      if (replies.length > start)
        seen.push(
          (replies[replies.length - 1]?.querySelector('.markdown')?.textContent ?? '').trim(),
        );
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

function recordedFrames(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => (window as unknown as { waveFrames: string[] }).waveFrames);
}

async function turnEnded(frame: Frame): Promise<void> {
  await frame.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: UI_MS });
}

describe('Wave in a real VS Code (code-server)', () => {
  it('"Set API Key…" before Wave started says it is used at the start, with no restart offered', async () => {
    await runCommand(page, 'Wave: Set API Key…');
    await answerInputBox(page, KEY);
    await expect
      .poll(async () => (await notifications(page)).map((toast) => toast.message).join(' | '), {
        timeout: UI_MS,
      })
      .toContain('Wave uses it when it starts');
    const toast = (await notifications(page)).find((shown) => shown.message.includes('API key'));
    expect(toast?.buttons.filter((button) => /Restart/.test(button))).toEqual([]);
  });

  it('activates on the Wave view and streams a long reply in the sidebar exactly, every frame a prefix', async () => {
    await showWaveView(page);
    sidebar = await chatFrame(page, 'webviewView');
    expect(vscode.extensionHostLog()).toMatch(/_doActivateExtension wave-agent\.wave/);
    const full = words(LONG, 'w');
    await recordFrames(sidebar);
    await send(sidebar, 'count for me');
    await expect.poll(() => lastReply(sidebar), { timeout: UI_MS }).toBe(full);
    const frames = await recordedFrames(sidebar);
    const shown = frames.filter((text) => text !== '');
    expect(shown.length).toBeGreaterThan(3);
    for (const text of shown)
      expect(full.startsWith(text), `frame "…${text.slice(-80)}"`).toBe(true);
    // The key set with the command reached the model server, from VS Code's secret storage.
    expect(mock.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("shows a Write question in VS Code's diff editor; answered in the webview, the diff closes", async () => {
    await send(sidebar, 'write the notes');
    const question = sidebar.getByRole('dialog', { name: /Allow Write/ });
    await question.waitFor({ timeout: UI_MS });
    const diffTab = page.locator('.tabs-container .tab', { hasText: 'notes.txt' });
    await diffTab.waitFor({ timeout: UI_MS });
    await expect
      .poll(
        async () => {
          const shown = await page
            .locator('.monaco-diff-editor .modified .view-lines')
            .first()
            .textContent();
          // Monaco draws spaces as no-break spaces.
          return shown?.replaceAll('\u00a0', ' ');
        },
        {
          timeout: UI_MS,
        },
      )
      .toContain('written by Wave');
    expect(existsSync(join(vscode.workdir, 'notes.txt'))).toBe(false);
    await question.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect.poll(() => lastReply(sidebar), { timeout: UI_MS }).toBe('The notes are written.');
    expect(readFileSync(join(vscode.workdir, 'notes.txt'), 'utf8')).toBe('written by Wave\n');
    await diffTab.waitFor({ state: 'detached', timeout: UI_MS });
  });

  it("accepts a proposed change from the diff editor's title: the tool runs, the chat's question goes", async () => {
    await send(sidebar, 'one more file');
    const question = sidebar.getByRole('dialog', { name: /Allow Write/ });
    await question.waitFor({ timeout: UI_MS });
    const diffTab = page.locator('.tabs-container .tab', { hasText: 'more.txt' });
    await diffTab.waitFor({ timeout: UI_MS });
    await page.locator('.editor-actions [aria-label^="Accept Change"]').first().click();
    await expect.poll(() => lastReply(sidebar), { timeout: UI_MS }).toBe('More is written.');
    expect(readFileSync(join(vscode.workdir, 'more.txt'), 'utf8')).toBe('more from Wave\n');
    await question.waitFor({ state: 'detached', timeout: UI_MS });
    await diffTab.waitFor({ state: 'detached', timeout: UI_MS });
  });

  it('switches the model from the palette: the next request names it', async () => {
    await runCommand(page, 'Wave: Switch Model…');
    const labels = await pickItem(page, 'smart');
    expect(labels).toEqual(expect.arrayContaining(['fast', 'smart']));
    const before = mock.requests.length;
    await send(sidebar, 'which model?');
    await expect.poll(() => lastReply(sidebar), { timeout: UI_MS }).toBe('This one.');
    const body = mock.requests.slice(before).at(-1)?.body as { model?: string } | undefined;
    expect(body?.model).toBe('smart-model');
  });

  it('stops a running turn from the palette: the request is cut and the turn ends', async () => {
    const before = mock.requests.length;
    await send(sidebar, 'go on forever');
    await expect
      .poll(async () => (await lastReply(sidebar)).startsWith('f1 '), { timeout: UI_MS })
      .toBe(true);
    await runCommand(page, 'Wave: Stop');
    await turnEnded(sidebar);
    await expect
      .poll(() => mock.requests.slice(before).at(-1)?.closedEarly === true, { timeout: UI_MS })
      .toBe(true);
    expect(words(3000, 'f').startsWith(await lastReply(sidebar))).toBe(true);
  });

  it('"Developer: Reload Webviews" while a reply streams: the page comes back and streams on to the exact end', async () => {
    const full = words(400, 'd');
    await send(sidebar, 'keep going during a reload');
    await expect
      .poll(async () => (await lastReply(sidebar)).startsWith('d1 '), { timeout: UI_MS })
      .toBe(true);
    await sidebar.evaluate(() => {
      (window as unknown as { waveBeforeReload?: boolean }).waveBeforeReload = true;
    });
    await runCommand(page, 'Developer: Reload Webviews');
    const deadline = Date.now() + UI_MS;
    for (;;) {
      sidebar = await chatFrame(page, 'webviewView');
      const reloaded = await sidebar
        .evaluate(() => !(window as unknown as { waveBeforeReload?: boolean }).waveBeforeReload)
        .catch(() => false);
      if (reloaded) break;
      if (Date.now() > deadline) throw new Error('The sidebar webview did not reload.');
      await page.waitForTimeout(200);
    }
    // Still mid-turn when it came back, and it goes on to the end, every word once.
    expect(full.startsWith(await lastReply(sidebar))).toBe(true);
    expect(await lastReply(sidebar)).not.toBe(full);
    await expect.poll(() => lastReply(sidebar), { timeout: UI_MS }).toBe(full);
    const users = (await conversation(sidebar)).filter((message) => message.role === 'user');
    expect(users.filter((message) => message.text === 'keep going during a reload')).toHaveLength(
      1,
    );
  });

  it('"Add to Prompt" attaches the editor selection as a chip; sent, the model gets those lines', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input[type="text"]');
    await input.waitFor({ state: 'visible', timeout: UI_MS });
    await input.fill('hello.ts');
    await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ timeout: UI_MS });
    await input.press('Enter');
    const editor = page.locator('.editor-instance .monaco-editor .view-lines').first();
    await editor.waitFor({ timeout: UI_MS });
    await editor.click();
    // The second and third lines: from the start of line 2 to the start of line 4.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.locator('.monaco-editor .selected-text').first().waitFor({ timeout: UI_MS });
    await runCommand(page, 'Wave: Add Selection or File to Prompt');
    const chips = sidebar.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
    await expect
      .poll(() => chips.allTextContents(), { timeout: UI_MS })
      .toEqual([expect.stringContaining('hello.ts:2-3')]);
    expect(await sidebar.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');

    const before = mock.requests.length;
    await send(sidebar, 'explain these lines');
    await expect.poll(() => lastReply(sidebar), { timeout: UI_MS }).toBe('Explained.');
    const asked = JSON.stringify(mock.requests.slice(before).map((request) => request.body));
    expect(asked).toContain('console.log(greeting);');
    expect(asked).toContain('const shout = greeting.toUpperCase();');
    expect(asked).not.toContain('const greeting = \\"hello\\";');
    expect(await chips.count()).toBe(0);
    const sent = sidebar.locator('[data-role="user"]').last();
    expect(await sent.locator('.attachment-chip').allTextContents()).toEqual([
      expect.stringContaining('hello.ts:2-3'),
    ]);
  });

  it('an image pasted into the sidebar is a chip with its thumbnail; this model takes none, so it is refused and kept', async () => {
    const input = sidebar.getByRole('textbox', { name: 'Message' });
    await input.fill('what does this show?');
    await input.evaluate((area, data) => {
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'shot.png', { type: 'image/png' }));
      area.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    }, PNG);
    const chips = sidebar.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
    await chips.first().waitFor({ timeout: UI_MS });
    // The webview's policy lets the thumbnail (a data: URL of the image itself) show.
    await expect
      .poll(() =>
        chips
          .first()
          .locator('img')
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBe(1);
    const before = mock.requests.length;
    await input.press('Enter');
    const refused = sidebar.locator('.note', { hasText: 'does not take images' });
    await refused.waitFor({ timeout: UI_MS });
    expect(await refused.locator('.note-text').textContent()).toMatch(
      /^The message was not sent: .*does not take images/,
    );
    expect(await input.inputValue()).toBe('what does this show?');
    expect(await chips.allTextContents()).toEqual([expect.stringContaining('shot.png')]);
    expect(mock.requests.length).toBe(before);
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await sidebar.getByRole('button', { name: 'Remove shot.png' }).click();
    await input.fill('');
  });

  it('"/memory 1" in the sidebar opens the memory file in an editor tab', async () => {
    await send(sidebar, '/memory 1');
    await page
      .locator('.tabs-container .tab', { hasText: 'AGENTS.md' })
      .waitFor({ timeout: UI_MS });
    // The editor shows spaces as no-break spaces.
    const text = (
      await page.locator('.editor-instance .monaco-editor .view-lines').first().innerText()
    ).replace(/\u00a0/g, ' ');
    expect(text).toContain('Run the tests before saying done.');
    const opened = sidebar.locator('.note', { hasText: 'in the editor.' });
    expect(await opened.locator('.note-text').textContent()).toBe(
      `Opened ${join(vscode.workdir, 'AGENTS.md')} in the editor.`,
    );
    await opened.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('lays the chat out for the sidebar: one title line, the box full width, the toolbar under it', async () => {
    const parts = await sidebar.evaluate(() => {
      const box = (selector: string) => {
        const rect = document.querySelector(selector)?.getBoundingClientRect();
        return rect
          ? { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom }
          : undefined;
      };
      return {
        width: document.documentElement.clientWidth,
        height: document.documentElement.clientHeight,
        scrollWidth: document.documentElement.scrollWidth,
        header: box('.status-bar'),
        input: box('textarea[aria-label="Message"]'),
        toolbar: box('.chat-toolbar'),
        send: box('.send-button'),
        conversation: box('[role="log"]'),
        sessionButtons: document.querySelectorAll('.status-bar button').length,
      };
    });
    expect(parts.width).toBeLessThan(400);
    expect(parts.scrollWidth).toBeLessThanOrEqual(parts.width);
    expect((parts.header?.bottom ?? 99) - (parts.header?.top ?? 0)).toBeLessThanOrEqual(40);
    expect((parts.input?.right ?? 0) - (parts.input?.left ?? 0)).toBeGreaterThanOrEqual(
      parts.width - 26,
    );
    expect(parts.toolbar?.top ?? 0).toBeGreaterThanOrEqual(parts.input?.bottom ?? 0);
    expect(parts.send?.right ?? 999).toBeLessThanOrEqual(parts.width);
    expect(
      (parts.conversation?.bottom ?? 0) - (parts.conversation?.top ?? 0),
    ).toBeGreaterThanOrEqual(0.7 * parts.height);
    // Sessions and New session are the view's title-bar icons here, not buttons in the page.
    expect(parts.sessionButtons).toBe(0);
    const titleActions = await page
      .locator(
        '.pane-header .actions-container .action-label, .composite.title .actions-container .action-label',
      )
      .evaluateAll((labels: Element[]) => labels.map((label) => label.className));
    for (const icon of ['codicon-add', 'codicon-link-external', 'codicon-history'])
      expect(
        titleActions.some((name) => name.includes(icon)),
        icon,
      ).toBe(true);
    if (process.env.WAVE_SCREENSHOTS === '1')
      writeFileSync(
        join(packageDir, '../webview-ui/docs/vscode-sidebar.png'),
        await page.screenshot({ clip: { x: 0, y: 0, width: 760, height: 900 } }),
      );
  });

  it('opens a chat in an editor tab that streams its own session', async () => {
    await runCommand(page, 'Wave: Open in Editor Tab');
    tab = await chatFrame(page, 'webviewPanel');
    await send(tab, 'hello from the tab');
    await expect.poll(() => lastReply(tab), { timeout: UI_MS }).toBe(words(200, 't'));
    expect((await conversation(tab)).filter((message) => message.role === 'user')).toEqual([
      { role: 'user', text: 'hello from the tab' },
    ]);
  });

  it('after "Developer: Reload Window" each view shows its conversation again, exactly once, with its model', async () => {
    const sidebarBefore = await conversation(sidebar);
    const tabBefore = await conversation(tab);
    expect(sidebarBefore.filter((message) => message.role === 'user').length).toBe(7);
    await runCommand(page, 'Developer: Reload Window');
    await page.waitForEvent('load', { timeout: UI_MS });
    await waitForWorkbench(page);
    tab = await chatFrame(page, 'webviewPanel');
    await expect.poll(() => conversation(tab), { timeout: UI_MS }).toEqual(tabBefore);
    await showWaveView(page);
    sidebar = await chatFrame(page, 'webviewView');
    await expect.poll(() => conversation(sidebar), { timeout: UI_MS }).toEqual(sidebarBefore);
    // And the restored sessions go on: the tab answers again.
    await send(tab, 'tab again');
    await expect.poll(() => lastReply(tab), { timeout: UI_MS }).toBe(words(200, 't'));
    // The sidebar's session was switched to "smart" from the palette: it still talks to it.
    const before = mock.requests.length;
    await send(sidebar, 'which model after the reload?');
    await expect.poll(() => lastReply(sidebar), { timeout: UI_MS }).toBe('This one.');
    const body = mock.requests.slice(before).at(-1)?.body as { model?: string } | undefined;
    expect(body?.model).toBe('smart-model');
  });

  it('a folder whose .wave settings ask for bypass mode: a modal asks; "Don’t Trust" leaves Bash asking first', async () => {
    const asking = join(vscode.root, 'asking-folder');
    mkdirSync(join(asking, '.wave'), { recursive: true });
    writeFileSync(
      join(asking, '.wave/settings.json'),
      JSON.stringify({ permissionMode: 'bypassPermissions' }),
    );
    trustPage = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    trustPage.on('pageerror', (error) => pageErrors.push(error.message));
    await trustPage.goto(vscode.urlFor(asking));
    await waitForWorkbench(trustPage);
    await showWaveView(trustPage);
    const question = await modalQuestion(trustPage);
    expect(question).toEqual({
      message: `The folder ${realpathSync(asking)} asks Wave for more than it allows by default`,
      detail: expect.stringMatching(
        /^• permissionMode = bypassPermissions \(.*settings\.json\): .*Trust it only if you trust whoever wrote these files\./s,
      ),
      // VS Code's order on Linux; the first given ("Don’t Trust") is the focused default.
      buttons: ['Trust and Remember', 'Trust This Time', 'Cancel', 'Don’t Trust'],
      focused: 'Don’t Trust',
    });
    await answerModal(trustPage, 'Don’t Trust');
    const chat = await chatFrame(trustPage, 'webviewView');
    const mode = chat.getByRole('combobox', { name: 'Permission mode' });
    await expect.poll(() => mode.inputValue(), { timeout: UI_MS }).toBe('default');
    await send(chat, 'run the first check');
    const bash = chat.getByRole('dialog', { name: /Allow Bash/ });
    await bash.waitFor({ timeout: UI_MS });
    // Asked, and nothing ran before the answer.
    expect(existsSync(join(asking, 'first.txt'))).toBe(false);
    await bash.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect.poll(() => lastReply(chat), { timeout: UI_MS }).toBe('The first check ran.');
    expect(readFileSync(join(asking, 'first.txt'), 'utf8')).toBe('checked\n');
  });

  it('"Trust This Time" for another session there (an editor tab): bypass mode takes effect, Bash runs unasked', async () => {
    if (!trustPage) throw new Error('The previous step did not open the asking folder.');
    // Each session opened asks again (an answer other than "remember" holds for that one only).
    await runCommand(trustPage, 'Wave: Open in Editor Tab');
    expect((await modalQuestion(trustPage)).buttons).toContain('Trust This Time');
    await answerModal(trustPage, 'Trust This Time');
    const chat = await chatFrame(trustPage, 'webviewPanel');
    const mode = chat.getByRole('combobox', { name: 'Permission mode' });
    await expect.poll(() => mode.inputValue(), { timeout: UI_MS }).toBe('bypassPermissions');
    await send(chat, 'run the second check');
    // A question would hold the turn: the reply comes only if Bash ran unasked.
    await expect.poll(() => lastReply(chat), { timeout: UI_MS }).toBe('The second check ran.');
    expect(readFileSync(join(vscode.root, 'asking-folder/second.txt'), 'utf8')).toBe('checked\n');
    expect(await chat.getByRole('dialog', { name: /Allow Bash/ }).count()).toBe(0);
    await trustPage.close();
    trustPage = undefined;
  });

  it("leaves no error from Wave's files in the extension host log", () => {
    const log = vscode.extensionHostLog();
    expect(log).not.toMatch(/PendingMigrationError/);
    const entries = log.split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/);
    const wave = entries.filter(
      (entry) => /\[error\]/.test(entry) && /wave-agent\.wave|extension\.cjs|\bWave\b/.test(entry),
    );
    expect(wave).toEqual([]);
    expect(pageErrors.filter((message) => /wave/i.test(message))).toEqual([]);
  });
});
