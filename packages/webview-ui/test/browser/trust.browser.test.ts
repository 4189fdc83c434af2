// Workspace trust in the browser (issue 9 §1): a folder's own `.wave/settings.json` asking for
// more than Wave allows by default is a question to the page before the session opens — `wave
// web` never assumes the answer. "Don't trust" leaves the folder's request ignored (Bash still
// asks); "Trust and remember" applies it and is kept, so the next start asks nothing.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messageInput, openChat, send, waitUntilReady } from '../harness/chat.js';
import { launchChromium, openPage } from '../harness/chromium.js';
import { startWaveWeb, tempDir } from '../harness/wave-web-process.js';
import type { WaveWeb } from '../harness/wave-web-process.js';

const RUN_BASH: Scenario = {
  name: 'run a command',
  turns: [
    { reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'expr from-the-model' } }] },
    { reply: [{ type: 'text', text: 'Done.' }] },
  ],
};

/** A command whose effect is a file: it exists only if Bash really ran. */
const WRITE_WITH_BASH: Scenario = {
  name: 'write a file with a command',
  turns: [
    {
      reply: [
        { type: 'tool_call', name: 'Bash', input: { command: 'printf ran > ran-by-bash.txt' } },
      ],
    },
    { reply: [{ type: 'text', text: 'Done.' }] },
  ],
};

let llm: MockLlm;
let browser: Browser;
let web: WaveWeb | undefined;
const folders: string[] = [];

/** A folder whose own settings ask for bypassPermissions, and a WAVE_HOME of its own. */
function escalatingFolder(): { workdir: string; waveHome: string } {
  const workdir = tempDir('trust-work');
  const waveHome = tempDir('trust-home');
  folders.push(workdir, waveHome);
  mkdirSync(join(workdir, '.wave'));
  writeFileSync(
    join(workdir, '.wave', 'settings.json'),
    JSON.stringify({ permissionMode: 'bypassPermissions' }),
  );
  return { workdir, waveHome };
}

function trustDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Trust this folder?' });
}

function modeSwitch(page: Page) {
  return page.getByRole('combobox', { name: 'Permission mode' });
}

beforeAll(async () => {
  llm = await start({ scenario: RUN_BASH });
  browser = await launchChromium();
});

afterEach(async () => {
  await web?.dispose();
  web = undefined;
});

afterAll(async () => {
  await browser?.close();
  await llm?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('a folder that asks for more than the default', () => {
  it("asks the page first, lists the request, and a don't-trust leaves Bash asking", async () => {
    const { workdir, waveHome } = escalatingFolder();
    web = await startWaveWeb({ llmUrl: llm.url, workdir, waveHome });
    const { page } = await openPage(browser);
    await page.goto(web.url);
    const dialog = trustDialog(page);
    await dialog.waitFor({ timeout: 60_000 });
    expect(await dialog.textContent()).toContain('permissionMode: bypassPermissions');
    await dialog.getByRole('button', { name: 'Don’t trust' }).click();
    await messageInput(page).waitFor({ timeout: 60_000 });
    expect(await modeSwitch(page).inputValue()).toBe('default');

    llm.setScenario(RUN_BASH);
    await send(page, 'run it');
    const question = page.getByRole('dialog', { name: /Allow Bash/ });
    await question.waitFor({ timeout: 60_000 });
    expect(await question.textContent()).toContain('expr from-the-model');
    await question.getByRole('button', { name: 'Deny' }).click();
    await waitUntilReady(page);
  });

  it('trust and remember: the mode applies, is kept in WAVE_HOME, and the next start asks nothing', async () => {
    const { workdir, waveHome } = escalatingFolder();
    web = await startWaveWeb({ llmUrl: llm.url, workdir, waveHome });
    const first = await openPage(browser);
    await first.page.goto(web.url);
    await trustDialog(first.page).waitFor({ timeout: 60_000 });
    await trustDialog(first.page).getByRole('button', { name: 'Trust and remember' }).click();
    await messageInput(first.page).waitFor({ timeout: 60_000 });
    expect(await modeSwitch(first.page).inputValue()).toBe('bypassPermissions');
    expect(readFileSync(join(waveHome, 'trusted-folders.json'), 'utf8')).toContain(
      'permissionMode=bypassPermissions',
    );

    llm.setScenario(WRITE_WITH_BASH);
    await send(first.page, 'run it');
    // It ran, and without a question: the file appears (bounded wait: the page may still say
    // Ready for a moment after the send), and no question was shown.
    const ran = join(workdir, 'ran-by-bash.txt');
    for (const end = Date.now() + 60_000; !existsSync(ran) && Date.now() < end;)
      await first.page.waitForTimeout(50);
    await waitUntilReady(first.page);
    expect(readFileSync(ran, 'utf8')).toBe('ran');
    expect(await first.page.getByRole('dialog', { name: /Allow Bash/ }).count()).toBe(0);

    await web.dispose();
    web = await startWaveWeb({ llmUrl: llm.url, workdir, waveHome });
    const second = await openPage(browser);
    await openChat(second.page, web.url);
    expect(await trustDialog(second.page).count()).toBe(0);
    expect(await modeSwitch(second.page).inputValue()).toBe('bypassPermissions');
  });
});
