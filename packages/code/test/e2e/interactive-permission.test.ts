// The permission question for a file change in the real `wave` against tools/mock-llm, in a real
// pseudo-terminal: an Edit shows its diff in colour, a Write its new content clipped, and Ctrl+O
// shows all of it while the question is open.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

async function waveWith(scenario: Scenario): Promise<PtyTerminal> {
  fx.mock = await startMock(scenario);
  fx.terminal = await startWaveTerminal({
    env: providerEnv('openai', fx.mock.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
    rows: 40,
  });
  return fx.terminal;
}

const CTRL_O = '\u000F';
const RED = '\u001B[31m';
const GREEN = '\u001B[32m';

describe('the permission question for a file change', () => {
  it('shows an Edit as a coloured diff of what it replaces', async () => {
    writeFileSync(join(fx.work.path, 'notes.txt'), 'first line\nhello world\nlast line\n');
    const wave = await waveWith({
      name: 'edit',
      turns: [
        {
          reply: [
            {
              type: 'tool_call',
              name: 'Edit',
              input: {
                file_path: 'notes.txt',
                old_string: 'first line\nhello world\nlast line',
                new_string: 'first line\nhello there\nlast line',
              },
            },
          ],
        },
        { reply: [{ type: 'text', text: 'Edited.' }] },
      ],
    });
    await wave.submit('change the greeting');
    const asked = await wave.waitFor('Permission needed', 15_000, 'the permission question');
    const lines = asked.split('\n').map((line) => line.trim());
    const removed = lines.indexOf('-hello world');
    expect(removed).toBeGreaterThan(lines.findIndex((line) => line.includes('Edit notes.txt')));
    expect(lines[removed - 1]).toBe('first line');
    expect(lines[removed + 1]).toBe('+hello there');
    expect(lines[removed + 2]).toBe('last line');
    expect(wave.output).toContain(`${RED}-hello world`);
    expect(wave.output).toContain(`${GREEN}+hello there`);
    wave.write('1');
    await waitForTurnEnd(wave, (all) => all.includes('Edited.'));
  });

  it('shows a Write as its new content, clipped, and all of it on Ctrl+O', async () => {
    const content = Array.from({ length: 80 }, (_, i) => `row ${i + 1}`).join('\n');
    const wave = await waveWith({
      name: 'write',
      turns: [
        {
          reply: [{ type: 'tool_call', name: 'Write', input: { file_path: 'long.txt', content } }],
        },
        { reply: [{ type: 'text', text: 'Not written.' }] },
      ],
    });
    await wave.submit('write the rows');
    const asked = await wave.waitFor(
      /more lines \(Ctrl\+O shows all\)/,
      15_000,
      'the clipped Write',
    );
    expect(asked).toContain('+row 1');
    expect(asked).not.toContain('+row 80');
    expect(wave.output).toContain(`${GREEN}+row 1`);

    wave.write(CTRL_O);
    // The expanded view shows the end of the change; the question stays open under it.
    await wave.waitFor(() => wave.screen().includes('+row 80'), 10_000, 'the whole Write');
    expect(wave.screen()).toContain('Permission needed');
    wave.write(CTRL_O);
    await wave.waitFor(() => !wave.screen().includes('+row 80'), 10_000, 'the question again');
    expect(wave.screen()).toContain('Permission needed');
    // 3 is "Yes, and don't ask again for Edit(…)" (a Write offers its folder's rule); 4 is No.
    wave.write('4');
    // Apart from Enter: the two in one read would be taken as a paste.
    await wave.waitFor(() => wave.screen().includes('Why not?'), 10_000, 'the reason prompt');
    wave.write(KEYS.enter);
    await waitForTurnEnd(wave, (all) => all.includes('Not written.'));
  });
});
