// An MCP server asking the user mid-call (MCP elicitation) in the real `wave`, with the npm
// reference server `@modelcontextprotocol/server-everything` (pinned in package.json) as the
// user's own server and tools/mock-llm calling its trigger-elicitation-request tool: in a
// pseudo-terminal the form is the question picker under the server's name, one field at a time
// (typed text, Yes/No, choices by number, several with their numbers), and what the user gave
// reaches the server as typed values; Esc declines; `-p` declines and says so.
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import type { PtyTerminal } from './terminal.js';
import { waitForTurnEnd } from './wave-terminal.js';
import { configureEverything, startTerminalReady } from './everything-server.js';
import { toolResults } from './tool-call-scenario.js';
import { cleanEnv, runWave } from './wave-process.js';

const TOOL = 'mcp__everything__trigger-elicitation-request';

const fx = useE2eFixture();

const ELICITS: Scenario = {
  name: 'elicits',
  turns: [
    { match: { turnIndex: 0 }, reply: [{ type: 'tool_call', name: TOOL, input: {} }] },
    { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Thanks, all noted.' }] },
  ],
};

async function withEverything(): Promise<Record<string, string>> {
  configureEverything(fx.home.path, { permissions: { allow: [TOOL] } });
  fx.mock = await startMock(ELICITS);
  return providerEnv('openai', fx.mock.url);
}

async function terminalWithEverything(): Promise<PtyTerminal> {
  return startTerminalReady(fx, await withEverything(), 40);
}

/** Waits until the picker shows the field whose question starts with `question`. */
async function onField(wave: PtyTerminal, question: string): Promise<void> {
  await wave.waitFor(() => wave.screen().includes(question), 15_000, `the field "${question}"`);
}

describe('MCP elicitation in the terminal and -p', { timeout: 120_000 }, () => {
  it('asks the server’s form field by field under its name, and the server gets typed values', async () => {
    const wave = await terminalWithEverything();
    await wave.submit('fill in the form');
    await wave.waitFor('The MCP server "everything" asks:', 30_000, 'the form');
    expect(wave.screen()).toContain('Please provide inputs for the following fields:');
    await onField(wave, 'String: Your full, legal name');
    await wave.submit('Ada Lovelace');
    await onField(wave, 'Boolean: Agree to the terms and conditions (optional)');
    expect(wave.screen()).toMatch(/1\. Yes\s*\n\s*2\. No\s*\n\s*3\. Leave empty/);
    wave.write('1');
    await onField(wave, 'String with default: Favorite first line of a story');
    expect(wave.screen()).toContain('1. It was a dark and stormy night.');
    wave.write('1');
    await onField(wave, 'String with email format');
    await wave.submit('ada@example.org');
    await onField(wave, 'String with uri format');
    wave.write('1');
    await onField(wave, 'String with date format');
    wave.write(KEYS.down);
    await wave.waitFor(() => wave.screen().includes('❯ 2. Type something else'), 5_000);
    await wave.submit('1815-12-10');
    await onField(wave, 'Integer: Your favorite integer');
    expect(wave.screen()).toContain('(a whole number from 1 to 100; optional)');
    wave.write('7');
    await wave.waitFor(() => wave.screen().includes('Type something else: 7'), 5_000);
    wave.write(KEYS.enter);
    await onField(wave, 'Number in range 1-1000');
    wave.write('1');
    await onField(wave, 'Untitled Single Select Enum');
    wave.write('6');
    await onField(wave, 'Untitled Multiple Select Enum');
    wave.write('2');
    await wave.waitFor(() => wave.screen().includes('[✔] Piano'), 5_000);
    wave.write('4');
    await wave.waitFor(() => wave.screen().includes('[✔] Drums'), 5_000);
    wave.write(KEYS.enter);
    await onField(wave, 'Titled Single Select Enum');
    wave.write('3');
    await onField(wave, 'Titled Multiple Select Enum');
    wave.write('2');
    await wave.waitFor(() => wave.screen().includes('[✔] Salmon'), 5_000);
    wave.write(KEYS.enter);
    await onField(wave, 'Legacy Titled Single Select Enum');
    wave.write('2');
    await waitForTurnEnd(wave, (all) => all.includes('Thanks, all noted.'));
    const [result] = toolResults(fx.mock);
    expect(result).toContain('User provided the requested information!');
    const raw = (result ?? '').replace(/\\n/g, '\n').replace(/\\"/g, '"');
    for (const value of [
      '"name": "Ada Lovelace"',
      '"check": true',
      '"email": "ada@example.org"',
      '"birthdate": "1815-12-10"',
      '"integer": 7',
      '"number": 3.14',
      '"untitledSingleSelectEnum": "Phoebe"',
      '"titledSingleSelectEnum": "hero-3"',
      '"legacyTitledEnum": "pet-2"',
    ])
      expect(raw).toContain(value);
    expect(raw).not.toContain('homepage');
  });

  it('Esc declines the form, and the server is told so', async () => {
    const wave = await terminalWithEverything();
    await wave.submit('fill in the form');
    await onField(wave, 'String: Your full, legal name');
    wave.write(KEYS.escape);
    await waitForTurnEnd(wave, (all) => all.includes('Thanks, all noted.'));
    expect(toolResults(fx.mock)[0]).toContain(
      'User declined to provide the requested information.',
    );
  });

  it('-p declines the form and says why', async () => {
    const env = await withEverything();
    const run = await runWave(['-p', 'fill in the form'], {
      cwd: fx.work.path,
      env: cleanEnv({ WAVE_HOME: fx.home.path, WAVE_MAX_RETRIES: '0', ...env }),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Thanks, all noted.');
    expect(run.stderr).toContain(
      'The MCP server "everything" asked for input ("Please provide inputs for the following fields:"), but no one can answer in this run, so Wave declined. Run wave without -p to answer it.',
    );
    expect(toolResults(fx.mock)[0]).toContain(
      'User declined to provide the requested information.',
    );
  });
});
