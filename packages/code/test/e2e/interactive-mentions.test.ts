// `@` mentions in the real `wave` in a pseudo-terminal, in a git repository, against
// tools/mock-llm: typing `@sr` lists the work folder's files (what .gitignore leaves out is not
// there), Tab takes a folder and then a file, the message reaches the model with the file's
// content, and the whole scrollback shows the chip once, also after resizes and after
// `--continue`. An image mention reaches an image-taking model (Anthropic's wire) as an image
// part; a model that takes none refuses it with a sentence and the text stays in the prompt.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import type { MockProvider } from './mock-model.js';
import { providerEnv, startMock } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import { PROMPT_READY, startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

const FILE_MARKER = 'the-answer-is-c0ffee-42';
// The smallest valid PNG (one transparent pixel).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function repository(): void {
  const write = (path: string, text: string | Buffer) => {
    mkdirSync(join(fx.work.path, path, '..'), { recursive: true });
    writeFileSync(join(fx.work.path, path), text);
  };
  execFileSync('git', ['init', '-q'], { cwd: fx.work.path });
  write('.gitignore', 'src/secret-build.ts\n');
  write('src/app.ts', `export const answer = '${FILE_MARKER}';\n`);
  write('src/secret-build.ts', 'ignored by git\n');
  write('image.png', PNG);
}

async function waveOn(
  provider: MockProvider,
  scenario: Scenario,
  args: string[] = [],
): Promise<PtyTerminal> {
  await fx.mock?.close();
  fx.mock = await startMock(scenario);
  fx.terminal = await startWaveTerminal({
    env: providerEnv(provider, fx.mock.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
    args,
  });
  return fx.terminal;
}

async function leave(wave: PtyTerminal): Promise<void> {
  wave.write(KEYS.ctrlC);
  await wave.waitFor('Press Ctrl+C again to exit', 5_000);
  wave.write(KEYS.ctrlC);
  expect((await wave.exited()).exitCode).toBe(0);
  await wave.dispose();
  fx.terminal = undefined;
}

const CHIP = /📎 src\/app\.ts · \d+ B/g;
const chips = (all: string) => [...all.matchAll(CHIP)].length;
const body = () => JSON.stringify(fx.mock?.requests.at(-1)?.body ?? {});

describe('@ mentions in the terminal', { timeout: 90_000 }, () => {
  it('completes a file of the repository with Tab, sends its content, shows its chip once', async () => {
    repository();
    const wave = await waveOn('anthropic', {
      name: 'one reply',
      turns: [{ reply: [{ type: 'text', text: 'Read the file.' }] }],
    });

    wave.write('what does @sr');
    await wave.waitFor('@src/app.ts', 15_000, 'the @ list');
    expect(wave.screen()).toContain('@src/  folder');
    // What .gitignore leaves out is not offered.
    expect(wave.screen()).not.toContain('secret-build');
    wave.write('\t');
    await wave.waitFor('> what does @src/ ', 10_000, 'the folder taken');
    wave.write('ap');
    await wave.waitFor(() => wave.screen().includes('@src/app.ts'), 10_000);
    wave.write('\t');
    await wave.waitFor('> what does @src/app.ts ', 10_000, 'the file taken');
    await wave.submit('say');
    await waitForTurnEnd(wave, (all) => all.includes('Read the file.'));

    expect(body()).toContain(FILE_MARKER);
    expect(body()).not.toContain('ignored by git');
    const all = wave.text();
    expect(all).toContain('> what does @src/app.ts say');
    expect(chips(all)).toBe(1);
    for (const width of [60, 140, 100]) {
      await wave.resize(width);
      await wave.waitFor(
        (text) => chips(text) === 1 && wave.screen().includes(PROMPT_READY),
        10_000,
        `the chip once at ${width} columns`,
      );
    }
    await leave(wave);

    // The attachment is kept with the session: --continue shows the chip again, once.
    const again = await waveOn(
      'anthropic',
      { name: 'unused', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      ['--continue'],
    );
    await again.waitFor((all) => chips(all) === 1, 10_000, 'the chip of the continued session');
    expect(chips(again.text())).toBe(1);
    await leave(again);
  });

  it('sends an image to a model that takes images, as an image part', async () => {
    repository();
    const wave = await waveOn('anthropic', {
      name: 'one reply',
      turns: [{ reply: [{ type: 'text', text: 'A transparent pixel.' }] }],
    });
    await wave.submit('what is in @image.png');
    await waitForTurnEnd(wave, (all) => all.includes('A transparent pixel.'));
    const sent = fx.mock?.requests.at(-1)?.body as {
      messages: { role: string; content: unknown }[];
    };
    const parts = JSON.stringify(sent.messages.filter((message) => message.role === 'user'));
    expect(parts).toContain('"type":"image"');
    expect(parts).toContain(PNG.toString('base64'));
    expect(wave.text()).toMatch(/🖼 image\.png · \d+ B/);
  });

  it('refuses an image for a model that takes none, saying so, and keeps the text', async () => {
    repository();
    const wave = await waveOn('openai', {
      name: 'never asked',
      turns: [{ reply: [{ type: 'text', text: 'unused' }] }],
    });
    await wave.submit('what is in @image.png');
    await wave.waitFor('does not take images', 15_000, 'the refusal');
    await wave.waitFor(
      () => wave.screen().includes('> what is in @image.png'),
      10_000,
      'the text back in the prompt',
    );
    expect(fx.mock?.requests ?? []).toHaveLength(0);
  });
});
