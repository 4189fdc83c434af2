// A Claude Code project's commands and memory in the real `wave` in a pseudo-terminal, against
// tools/mock-llm: typing `/` completes the custom commands with their argument hints and
// descriptions (namespaced ones too), sending one shows what was typed while the model gets the
// expanded prompt, /help says which file each comes from, /memory lists the memory files, and
// `# line` adds a line to the memory file the user picks.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastUserText, providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import { PROMPT_READY, startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

function write(path: string, text: string): string {
  const full = join(fx.work.path, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
}

describe('custom commands and memory in the terminal', { timeout: 90_000 }, () => {
  it('completes, runs and lists a .claude/commands command, lists the memory files, and adds a # line to one', async () => {
    mkdirSync(join(fx.work.path, '.git'));
    const review = write(
      '.claude/commands/review.md',
      '---\ndescription: Review a change\nargument-hint: <change> [focus]\n---\nReview change $1 carefully.',
    );
    write(
      '.claude/commands/frontend/component.md',
      '---\ndescription: Make a component\n---\nMake $ARGUMENTS.',
    );
    const memory = write('CLAUDE.md', 'Project memory for the terminal test.');
    fx.mock = await startMock({
      name: 'two replies',
      turns: [
        { reply: [{ type: 'text', text: 'Reviewed it.' }] },
        { reply: [{ type: 'text', text: 'Made it.' }] },
      ],
    });
    const wave = await startWaveTerminal({
      env: providerEnv('anthropic', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
      args: [],
    });
    fx.terminal = wave;
    await wave.waitFor(PROMPT_READY, 30_000);

    wave.write('/rev');
    await wave.waitFor(/\/review <change> \[focus\]\s+Review a change/);
    await wave.submit('iew 7');
    await waitForTurnEnd(wave, (all) => all.includes('Reviewed it.'));
    expect(lastUserText(fx.mock.requests.at(-1)?.body)).toBe('Review change 7 carefully.');
    expect(wave.screen()).toContain('/review 7');
    expect(wave.screen()).not.toContain('Review change 7 carefully.');

    // A namespaced one: Enter on the partly typed name completes it and sends it.
    wave.write('/front');
    await wave.waitFor(/\/frontend:component\s+Make a component/);
    wave.write(KEYS.enter);
    await waitForTurnEnd(wave, (all) => all.includes('Made it.'));
    expect(lastUserText(fx.mock.requests.at(-1)?.body)).toBe('Make .');

    await wave.submit('/help');
    await wave.waitFor('Custom commands:');
    await wave.waitFor(review);

    await wave.submit('/memory');
    await wave.waitFor('Memory files, in the order the model reads them:');
    await wave.waitFor(
      new RegExp(`1\\. ${memory.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+37 chars · project`),
    );

    // `# line`: the user picks the memory file; the line lands there and the list is read again.
    await wave.submit('# Always use tabs');
    await wave.waitFor('Add this line to which memory file?');
    wave.write(KEYS.enter);
    await wave.waitFor(`Added to ${memory}`);
    expect(readFileSync(memory, 'utf8')).toBe(
      'Project memory for the terminal test.\n- Always use tabs\n',
    );
    await wave.submit('/memory');
    await wave.waitFor(/1\. \S+CLAUDE\.md\s+56 chars · project/);
  });
});
