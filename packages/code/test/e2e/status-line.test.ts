// Settings' `statusLine` in a real pseudo-terminal, as a Claude Code user writes it: a command
// that reads the session's JSON on stdin and prints one line, drawn under the prompt. It is run
// again as the session changes (after a turn the cost and tokens are new), its line is never
// copied into the scrollback, and a project's status line runs only once the user trusted it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import { PROMPT_READY, startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

const fx = useE2eFixture();
const RUN_MS = 60_000;

const ANSWER: Scenario = {
  name: 'status-line',
  turns: [
    {
      reply: [{ type: 'text', text: 'Done here.' }],
      usage: { inputTokens: 12_000, outputTokens: 567 },
    },
  ],
};

/** A status line script: the fields Claude Code's scripts read, on one line. */
const SCRIPT = `
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const s = JSON.parse(input);
  console.log(\`SL model=\${s.model.id} cost=\${s.cost.total_cost_usd} in=\${s.context_window.total_input_tokens} dir=\${s.workspace.current_dir === process.cwd()}\`);
});
`;

function statusLineSettings(script: string): string {
  return JSON.stringify({
    statusLine: { type: 'command', command: `"${process.execPath}" "${script}"`, padding: 2 },
  });
}

describe('the status line command', { timeout: RUN_MS }, () => {
  it('draws its line under the prompt, anew after a turn, never into the scrollback', async () => {
    const script = join(fx.home.path, 'status.cjs');
    writeFileSync(script, SCRIPT);
    writeFileSync(join(fx.home.path, 'settings.json'), statusLineSettings(script));
    fx.mock = await startMock(ANSWER);
    const terminal = await startWaveTerminal({
      env: { ...providerEnv('anthropic', fx.mock.url), WAVE_MODEL: 'claude-sonnet-4-5' },
      waveHome: fx.home.path,
      cwd: fx.work.path,
      cols: 120,
      rows: 30,
    });
    fx.terminal = terminal;
    await terminal.waitFor(
      () => terminal.screen().includes('  SL model=claude-sonnet-4-5 cost=0 in=0 dir=true'),
      15_000,
      'the first status line',
    );

    terminal.write('hello');
    terminal.write(KEYS.enter);
    await waitForTurnEnd(terminal, (all) => all.includes('Done here.'));
    // 12000 × $3 + 567 × $15 per million = $0.044505.
    const after = 'SL model=claude-sonnet-4-5 cost=0.044505 in=12000 dir=true';
    await terminal.waitFor(
      () => terminal.screen().includes(after),
      15_000,
      'the line after the turn',
    );
    // Under the prompt, and in the whole buffer once: the live area only, never the history.
    const rows = terminal.screen().split('\n');
    const lineRow = rows.findIndex((row) => row.includes(after));
    const promptRow = rows.findLastIndex((row) => row.includes('>'));
    expect(lineRow).toBeGreaterThan(promptRow);
    expect(terminal.text().split('SL model=').length - 1).toBe(1);
  });

  it("a project's status line runs only once the user trusts the folder", async () => {
    const marker = join(fx.work.path, 'ran');
    const script = join(fx.work.path, 'status.cjs');
    writeFileSync(
      script,
      `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); console.log('PROJECT LINE');`,
    );
    mkdirSync(join(fx.work.path, '.wave'), { recursive: true });
    writeFileSync(join(fx.work.path, '.wave', 'settings.json'), statusLineSettings(script));
    fx.mock = await startMock(ANSWER);
    const start = () =>
      startWaveTerminal({
        env: { ...providerEnv('anthropic', fx.mock!.url), WAVE_MODEL: 'claude-sonnet-4-5' },
        waveHome: fx.home.path,
        cwd: fx.work.path,
        cols: 120,
        rows: 30,
        waitForPrompt: false,
      });
    fx.terminal = await start();
    const asked = await fx.terminal.waitFor("Don't trust it", 15_000, 'the trust question');
    expect(asked).toContain('draw the status line');
    // "Don't trust it": a whole turn later the command has still not run.
    fx.terminal.write(KEYS.enter);
    await fx.terminal.waitFor(PROMPT_READY, 15_000, 'the prompt after the answer');
    await fx.terminal.submit('hello');
    await waitForTurnEnd(fx.terminal, (all) => all.includes('Done here.'));
    expect(existsSync(marker)).toBe(false);
    expect(fx.terminal.text()).not.toContain('PROJECT LINE');
    await fx.terminal.dispose();

    // Trusted: the same command now draws its line.
    fx.terminal = await start();
    await fx.terminal.waitFor("Don't trust it", 15_000, 'the trust question again');
    fx.terminal.write(KEYS.up);
    await fx.terminal.waitFor(/❯ 1\. Trust this folder/, 10_000, 'the first choice highlighted');
    fx.terminal.write(KEYS.enter);
    await fx.terminal.waitFor(
      () => fx.terminal!.screen().includes('  PROJECT LINE'),
      15_000,
      "the project's status line",
    );
    expect(existsSync(marker)).toBe(true);
  });
});
