// The window title and the notifications, read from the raw bytes `wave` writes to a real
// pseudo-terminal: the title says ready, running and waiting for you; a permission question
// still unanswered after a few seconds is notified on the channel of `preferredNotifChannel`
// (Wave's settings, else Claude Code's; `auto` by TERM_PROGRAM), so is the end of a long turn,
// and the title is given back at exit.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { quitWithCtrlC, startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

/* eslint-disable no-control-regex -- the raw bytes hold the escape sequences checked */
const fx = useE2eFixture();
const BEL = '\u0007';
const title = (text: string): string => `\u001B]0;${text}${BEL}`;

const ASKS_THEN_ANSWERS: Scenario = {
  name: 'asks',
  turns: [
    { reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'expr foo' } }] },
    { reply: [{ type: 'text', text: 'All done.' }] },
  ],
};

async function start(env: Record<string, string>): Promise<PtyTerminal> {
  fx.mock = await startMock(ASKS_THEN_ANSWERS);
  fx.terminal = await startWaveTerminal({
    env: { ...providerEnv('anthropic', fx.mock.url), ...env },
    waveHome: fx.home.path,
    cwd: fx.work.path,
  });
  return fx.terminal;
}

async function leave(wave: PtyTerminal): Promise<void> {
  expect(await quitWithCtrlC(wave)).toBe(0);
}

describe('the window title and notifications', () => {
  it("ghostty from Wave's settings: the question and the long turn's end are notified, the title follows and is given back", async () => {
    writeFileSync(
      join(fx.home.path, 'settings.json'),
      JSON.stringify({ preferredNotifChannel: 'ghostty' }),
    );
    const wave = await start({ WAVE_NOTIFY_LONG_TURN_SECONDS: '2' });
    await wave.waitFor(() => wave.output.includes(title('Wave · ready')), 5_000, 'the title');
    await wave.submit('count the foos');
    await wave.waitFor('Permission needed', 15_000, 'the question');
    await wave.waitFor(
      () => /\u001B\]0;Wave · [^\u0007]*waiting for you\u0007/.test(wave.output),
      5_000,
      'the waiting title',
    );
    // Not at once: a few seconds after the question appeared, once.
    const notified = `\u001B]777;notify;Wave;Wave needs your permission to use Bash${BEL}`;
    expect(wave.output).not.toContain(notified);
    await wave.waitFor(() => wave.output.includes(notified), 15_000, 'the notification');
    expect(wave.output.split(notified)).toHaveLength(2);
    expect(wave.output).toMatch(/\u001B\]0;Wave · [^\u0007]*running\u0007/);
    wave.write('1');
    await waitForTurnEnd(wave, (all) => all.includes('All done.'));
    // The turn ran longer than 2 s (it waited for the answer): its end is notified.
    await wave.waitFor(
      () => /\u001B\]777;notify;Wave;Wave finished[^\u0007]* after \d+ s\u0007/.test(wave.output),
      5_000,
      "the long turn's end",
    );
    await leave(wave);
    // The last thing written: the empty title, which gives the terminal its own back.
    expect(wave.output.lastIndexOf(title(''))).toBeGreaterThan(
      wave.output.lastIndexOf('\u001B]0;Wave'),
    );
  });

  it("auto in iTerm2, from Claude Code's settings: the iTerm2 notification", async () => {
    const claude = join(fx.home.path, 'claude-config');
    mkdirSync(claude);
    writeFileSync(join(claude, 'settings.json'), JSON.stringify({ preferredNotifChannel: 'auto' }));
    const wave = await start({ CLAUDE_CONFIG_DIR: claude, TERM_PROGRAM: 'iTerm.app' });
    await wave.submit('count the foos');
    await wave.waitFor('Permission needed', 15_000, 'the question');
    const notified = `\u001B]9;Wave needs your permission to use Bash${BEL}`;
    await wave.waitFor(() => wave.output.includes(notified), 15_000, 'the iTerm2 notification');
    expect(wave.output).not.toContain('\u001B]777;');
    wave.write('1');
    await waitForTurnEnd(wave, (all) => all.includes('All done.'));
    // A short turn (the default is 30 s): no notification at its end.
    expect(wave.output).not.toContain('Wave finished');
    await leave(wave);
  });

  it("notifications_disabled in Claude Code's settings: no notification, not even a bell", async () => {
    const claude = join(fx.home.path, 'claude-config');
    mkdirSync(claude);
    writeFileSync(
      join(claude, 'settings.json'),
      JSON.stringify({ preferredNotifChannel: 'notifications_disabled' }),
    );
    const wave = await start({ CLAUDE_CONFIG_DIR: claude, WAVE_NOTIFY_LONG_TURN_SECONDS: '0' });
    await wave.submit('count the foos');
    await wave.waitFor('Permission needed', 15_000, 'the question');
    // Past the moment a notification would be written, the title still changes.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    wave.write('1');
    await waitForTurnEnd(wave, (all) => all.includes('All done.'));
    await leave(wave);
    const withoutTitles = wave.output.replace(/\u001B\]0;[^\u0007]*\u0007/g, '');
    expect(withoutTitles).not.toContain(BEL);
    expect(wave.output).toContain(title(''));
  });
});
