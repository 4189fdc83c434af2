// One test file's parts, started before its tests and stopped after them: tools/mock-llm, a real
// `wave web` talking to it (in a work folder and WAVE_HOME made for the file, with the files and
// settings it asks for), Chromium, and a page with the chat open (or not, for a file that opens
// its pages itself). Each file gets its own, as the tests run one file at a time.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { start } from '@wave-agent/mock-llm';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openChat } from './chat.js';
import { launchChromium, openPage } from './chromium.js';
import type { OpenedPage } from './chromium.js';
import { installProbes } from './page-probes.js';
import { startWaveWeb, tempDir } from './wave-web-process.js';
import type { WaveWeb, WaveWebOptions } from './wave-web-process.js';

export interface ChatFixture {
  readonly llm: MockLlm;
  readonly web: WaveWeb;
  readonly browser: Browser;
  /** The page opened with the chat (unless the file asked for none). */
  readonly tab: OpenedPage;
}

export interface ChatFixtureOptions {
  /** The model's first scenario (tests set their own with `llm.setScenario`). */
  readonly scenario?: Scenario;
  /**
   * How wave web starts, made before it starts (a folder to serve, a session to resume, its
   * environment; the model server is there to point at).
   */
  readonly web?: (
    llm: MockLlm,
  ) => Omit<WaveWebOptions, 'llmUrl'> | Promise<Omit<WaveWebOptions, 'llmUrl'>>;
  /** Wave's settings (`$WAVE_HOME/settings.json`), made with the model server's address. */
  readonly settings?: (llm: MockLlm) => Record<string, unknown>;
  /** Files of the work folder, by path relative to it. */
  readonly files?: Readonly<Record<string, string>>;
  /** The page's size; `false`: no page is opened for the file. */
  readonly page?: { readonly width?: number; readonly height?: number } | false;
  /** Install the page probes (page-probes.ts) before the app runs. */
  readonly probes?: boolean;
}

/** Until a test sets its own: one reply for anything. */
const IDLE: Scenario = { name: 'idle', turns: [{ reply: [{ type: 'text', text: 'Hello.' }] }] };

export function useChatFixture(options: ChatFixtureOptions = {}): ChatFixture {
  let parts: Partial<{ -readonly [Key in keyof ChatFixture]: ChatFixture[Key] }> = {};
  // The folders made here (wave web removes only those it made itself).
  let made: string[] = [];
  beforeAll(async () => {
    const llm = await start({ scenario: options.scenario ?? IDLE });
    parts.llm = llm;
    const own = await options.web?.(llm);
    const folders: { workdir?: string; waveHome?: string } = {};
    if (options.files) {
      const workdir = own?.workdir ?? tempDir('work');
      if (!own?.workdir) made.push(workdir);
      for (const [path, text] of Object.entries(options.files)) {
        mkdirSync(dirname(join(workdir, path)), { recursive: true });
        writeFileSync(join(workdir, path), text);
      }
      folders.workdir = workdir;
    }
    if (options.settings) {
      const waveHome = own?.waveHome ?? tempDir('home');
      if (!own?.waveHome) made.push(waveHome);
      writeFileSync(join(waveHome, 'settings.json'), JSON.stringify(options.settings(llm)));
      folders.waveHome = waveHome;
    }
    parts.web = await startWaveWeb({ ...own, ...folders, llmUrl: llm.url });
    parts.browser = await launchChromium();
    if (options.page === false) return;
    const tab = await openPage(parts.browser, options.page ?? {});
    parts.tab = tab;
    if (options.probes) await installProbes(tab.page);
    await openChat(tab.page, parts.web.url);
  });
  afterAll(async () => {
    await parts.browser?.close();
    await parts.web?.dispose();
    await parts.llm?.close();
    for (const folder of made) rmSync(folder, { recursive: true, force: true });
    parts = {};
    made = [];
  });
  const part = <Key extends keyof ChatFixture>(key: Key): ChatFixture[Key] => {
    const value = parts[key];
    if (value === undefined)
      throw new Error(`The chat fixture has no ${key}: use it inside a test, after beforeAll.`);
    return value;
  };
  return {
    get llm() {
      return part('llm');
    },
    get web() {
      return part('web');
    },
    get browser() {
      return part('browser');
    },
    get tab() {
      return part('tab');
    },
  };
}
