// The prompt history across sessions, in a real pseudo-terminal with the real `wave` and
// tools/mock-llm: prompts sent in one session come back with ↑ in the next one in the same
// folder, Ctrl+R finds one by a word with the word highlighted, and the file is the user's alone.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import { quitWithCtrlC, startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

const fx = useE2eFixture();
const CTRL_R = '\u0012';
const CTRL_U = '\u0015';

async function start(): Promise<PtyTerminal> {
  fx.terminal = await startWaveTerminal({
    env: providerEnv('anthropic', fx.mock!.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
  });
  return fx.terminal;
}

async function leave(wave: PtyTerminal): Promise<void> {
  expect(await quitWithCtrlC(wave)).toBe(0);
  await wave.dispose();
  fx.terminal = undefined;
}

/** The prompt's row on the screen (the line that starts with the prompt marker). */
const promptRow = (wave: PtyTerminal): string =>
  wave
    .screen()
    .split('\n')
    .filter((line) => line.startsWith('> '))
    .at(-1) ?? '';

describe('the prompt history in the terminal', () => {
  it('↑ walks the prompts of an earlier session in this folder, and Ctrl+R searches them', async () => {
    fx.mock = await startMock({
      name: 'answers',
      turns: [
        { reply: [{ type: 'text', text: 'first answer' }] },
        { reply: [{ type: 'text', text: 'second answer' }] },
      ],
    });
    const first = await start();
    await first.submit('deploy staging please');
    await waitForTurnEnd(first, (all) => all.includes('first answer'));
    await first.submit('run the unit tests');
    await waitForTurnEnd(first, (all) => all.includes('second answer'));
    await leave(first);

    const file = join(fx.home.path, 'history.jsonl');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { display: string }).display)).toEqual([
      'deploy staging please',
      'run the unit tests',
    ]);

    const second = await start();
    second.write(KEYS.up);
    await second.waitFor(() => promptRow(second).includes('run the unit tests'), 5_000, '↑ once');
    second.write(KEYS.up);
    await second.waitFor(
      () => promptRow(second).includes('deploy staging please'),
      5_000,
      '↑ twice',
    );
    second.write(CTRL_U);
    await second.waitFor('Type a message', 5_000, 'the emptied prompt');

    const before = second.output.length;
    second.write(CTRL_R);
    await second.waitFor('search prompts:', 5_000, 'the search');
    second.write('unit');
    await second.waitFor(
      (all) =>
        all.includes('search prompts: unit') && second.screen().includes('run the unit tests'),
      5_000,
      'the match',
    );
    // The word searched for is drawn highlighted (bold, inverse) inside the match.
    // (The frame diff rewrites only the cells that changed: the highlighted word alone.)
    expect(second.output.slice(before)).toContain('\u001B[1m\u001B[7munit\u001B[27m\u001B[22m');
    second.write(CTRL_R);
    second.write('\u007f'.repeat(4));
    second.write('staging');
    await second.waitFor(
      () => second.screen().includes('search prompts: staging'),
      5_000,
      'the second query',
    );
    second.write(KEYS.enter);
    await second.waitFor(
      () =>
        !second.screen().includes('search prompts') &&
        promptRow(second).includes('deploy staging please'),
      5_000,
      'the match taken into the prompt',
    );
    await leave(second);
  });
});
