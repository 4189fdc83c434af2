// Resizing the real `wave` inside tmux, the terminal the issue was found in: tmux reflows its
// history on resize, keeps the cursor's row when it narrows, and scrolls a screen cleared from its
// top-left corner into the history. After a long reply, resizes while idle and Ctrl+O twice leave
// every word once in the whole scrollback (capture-pane -S -), one rule, one prompt, and the
// lines printed in the pane before Wave started are still there.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { NODE_ARGS, cleanEnv } from './wave-process.js';
import { PROMPT_READY, TURN_RUNNING, wordsNotShownOnce } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();
const run = promisify(execFile);

const WORDS = 2000;
const BEFORE_WAVE = ['printed before wave: line one', 'printed before wave: line two'];

/** tmux on a socket of this test's own, with a history long enough for the whole session. */
class TmuxPane {
  private readonly socket = `wave-e2e-${process.pid}-${Date.now()}`;

  constructor(private readonly env: Record<string, string>) {}

  async tmux(...args: string[]): Promise<string> {
    const { stdout } = await run('tmux', ['-L', this.socket, ...args], { env: this.env });
    return stdout;
  }

  async start(configDir: string, command: string): Promise<void> {
    const config = join(configDir, 'tmux.conf');
    writeFileSync(config, 'set -g history-limit 200000\nset -g status off\n');
    await this.tmux('-f', config, 'new-session', '-d', '-x', '120', '-y', '40', '-s', 'w', command);
  }

  /** The whole pane, scrollback and screen, wrapped rows joined. */
  all(): Promise<string> {
    return this.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'w');
  }

  screen(): Promise<string> {
    return this.tmux('capture-pane', '-p', '-J', '-t', 'w');
  }

  /** Whether the pane shows the alternate screen (Wave's expanded view) now. */
  async onAlternateScreen(): Promise<boolean> {
    return (await this.tmux('display-message', '-p', '-t', 'w', '#{alternate_on}')).trim() === '1';
  }

  /** Polls the pane (bounded) until `done` holds for the whole of it. */
  async waitFor(
    done: (all: string, screen: string, alternate: boolean) => boolean,
    what: string,
  ): Promise<string> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      // The whole pane last: the reads are not one snapshot, and on the alternate screen tmux's
      // whole pane is the main screen's scrollback plus the alternate screen (the expanded view
      // repeats the reply's tail). Read first, the whole pane could be from before Wave left
      // the expanded view while the screen read after it says it has (seen once under load).
      const alternate = await this.onAlternateScreen();
      const screen = await this.screen();
      const all = await this.all();
      if (done(all, screen, alternate)) return all;
      if (Date.now() > deadline)
        throw new Error(`tmux did not show ${what} within 30 s.\n--- screen ---\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Waits (bounded) until the pane has not changed for a while: Wave is idle, nothing it wrote
   * for the old size is still on its way when the resize comes.
   */
  async settle(): Promise<void> {
    let last = await this.all();
    for (let stable = 0, tries = 0; stable < 5 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await this.all();
      stable = now === last ? stable + 1 : 0;
      last = now;
    }
  }

  async stop(): Promise<void> {
    await this.tmux('kill-server').catch(() => undefined);
  }
}

const rules = (all: string) => all.split('\n').filter((line) => /^─{10,}$/.test(line));
const prompts = (all: string) => all.split('\n').filter((line) => line.includes(PROMPT_READY));

describe('wave in tmux', () => {
  it('after a long reply: resizes and Ctrl+O twice keep every word once and the lines from before Wave', async () => {
    fx.mock = await startMock({
      name: 'long',
      chunkSize: 7,
      turns: [{ reply: [{ type: 'text', numberedWords: { count: WORDS } }] }],
    });
    const env = cleanEnv({
      ...providerEnv('openai', fx.mock.url),
      WAVE_HOME: fx.home.path,
      TERM: 'xterm-256color',
    });
    const pane = new TmuxPane(env);
    const quoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
    const wave = [process.execPath, ...NODE_ARGS].map(quoted).join(' ');
    const command = `cd ${quoted(fx.work.path)} && printf '%s\\n' ${BEFORE_WAVE.map(quoted).join(' ')} && exec ${wave}`;
    try {
      await pane.start(fx.work.path, command);
      await pane.waitFor((all) => all.includes(PROMPT_READY), 'the prompt');
      await pane.tmux('send-keys', '-t', 'w', '-l', 'count to two thousand');
      await pane.waitFor((_, screen) => screen.includes('two thousand'), 'the typed message');
      await pane.tmux('send-keys', '-t', 'w', 'Enter');
      await pane.waitFor(
        (all, screen) => all.includes(`w${WORDS}`) && !screen.includes(TURN_RUNNING),
        'the end of the reply',
      );

      for (const width of [90, 60, 120, 200, 40, 120]) {
        await pane.settle();
        await pane.tmux('resize-window', '-t', 'w', '-x', String(width));
        const all = await pane.waitFor(
          (text) =>
            rules(text).length === 1 &&
            rules(text)[0]!.length === width &&
            prompts(text).length === 1,
          `one prompt and one rule, at ${width} columns`,
        );
        expect(wordsNotShownOnce(all, 1, WORDS), `at ${width} columns`).toEqual([]);
      }

      await pane.tmux('send-keys', '-t', 'w', 'C-o');
      await pane.waitFor((_, screen) => screen.includes('expanded view as of Ctrl+O'), 'Ctrl+O');
      await pane.tmux('send-keys', '-t', 'w', 'C-o');
      const all = await pane.waitFor(
        (_, screen, alternate) => !alternate && screen.includes(PROMPT_READY),
        'the view back',
      );
      // The screen shows the end of the reply again, above the prompt, not an empty screen.
      expect(await pane.screen()).toContain(`w${WORDS}`);
      expect(wordsNotShownOnce(all, 1, WORDS)).toEqual([]);
      expect(all).not.toContain('expanded view');
      expect(rules(all)).toHaveLength(1);
      for (const line of BEFORE_WAVE)
        expect(all.split('\n').filter((shown) => shown === line)).toHaveLength(1);
    } finally {
      await pane.stop();
    }
  }, 120_000);
});
