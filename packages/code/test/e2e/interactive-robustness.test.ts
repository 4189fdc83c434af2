// The interactive UI in a real pseudo-fx.terminal when things go wrong or get big: an unreachable
// model, a 2 MB reply and a 5,000-line command output must leave the prompt working.
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import type { PtyTerminal } from './terminal.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { closedPort } from './wave-process.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

async function waveWith(scenario: Scenario, args: string[] = []): Promise<PtyTerminal> {
  fx.mock = await startMock(scenario);
  fx.terminal = await startWaveTerminal({
    env: providerEnv('openai', fx.mock.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
    args,
  });
  return fx.terminal;
}

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe('the interactive UI under trouble', () => {
  it('shows a clear message when the model cannot be reached, and takes the next message', async () => {
    const port = await closedPort();
    fx.terminal = await startWaveTerminal({
      env: {
        WAVE_PROVIDER: 'openai',
        WAVE_BASE_URL: `http://127.0.0.1:${port}/v1`,
        WAVE_MAX_RETRIES: '0',
      },
      waveHome: fx.home.path,
      cwd: fx.work.path,
    });
    const wave = fx.terminal;
    await wave.submit('first try');
    await waitForTurnEnd(wave, (all) => all.includes('The model API could not be reached'));
    await wave.submit('second try');
    const all = await waitForTurnEnd(
      wave,
      (text) => occurrences(text, 'The model API could not be reached') === 2,
    );
    expect(all).toContain('second try');
  });

  it('stays responsive through a 2 MB reply and writes it without redrawing it over and over', async () => {
    const line = `${'x'.repeat(60)} big\n`;
    const lines = Math.ceil((2 * 1024 * 1024) / line.length);
    const wave = await waveWith({
      name: 'two-megabytes',
      chunkSize: 2048,
      turns: [
        {
          reply: [
            { type: 'text', repeat: { pattern: line, count: lines } },
            { type: 'text', text: 'END-OF-BIG-REPLY' },
          ],
        },
        { reply: [{ type: 'text', text: 'small answer after the big one' }] },
      ],
    });
    await wave.submit('say a lot');
    await waitForTurnEnd(wave, (all) => all.includes('END-OF-BIG-REPLY'), 20_000);
    // Terminal bytes grow with the reply, not with the reply times the number of frames.
    expect(wave.output.length).toBeLessThan(10 * lines * line.length);
    await wave.submit('and now something short');
    await waitForTurnEnd(wave, (all) => all.includes('small answer after the big one'));
  });

  it('shows a 5,000-line command output collapsed and stays responsive', async () => {
    const wave = await waveWith(
      {
        name: 'bash-flood',
        turns: [
          {
            match: { turnIndex: 0 },
            reply: [
              {
                type: 'tool_call',
                name: 'Bash',
                input: { command: "seq -f 'out-line-%g' 1 5000" },
              },
            ],
          },
          {
            match: { lastToolResultContains: 'out-line-5000' },
            reply: [{ type: 'text', text: 'the command printed 5000 lines' }],
          },
          {
            match: { lastUserContains: 'still there' },
            reply: [{ type: 'text', text: 'yes, still here' }],
          },
        ],
      },
      ['--permission-mode', 'bypassPermissions'],
    );
    await wave.submit('flood the terminal');
    const all = await waitForTurnEnd(
      wave,
      (text) => text.includes('the command printed 5000 lines'),
      20_000,
    );
    // Collapsed: a few lines of the output and a count, never all 5,000 of them.
    expect(all).toMatch(/out-line-\d+/);
    expect(occurrences(all, 'out-line-')).toBeLessThan(50);
    await wave.submit('still there?');
    await waitForTurnEnd(wave, (text) => text.includes('yes, still here'));
  });
});
