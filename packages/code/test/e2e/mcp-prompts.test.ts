// An MCP server's prompts as slash commands, and its resources as `@<server>:<uri>` mentions, in
// the real `wave`, with the npm reference server
// `@modelcontextprotocol/server-everything` (pinned in package.json) as the user's own server in
// $WAVE_HOME/settings.json, against tools/mock-llm: typing `/mcp__` in a pseudo-terminal
// completes its prompts with their arguments, sending one shows what was typed while the model
// reads the prompt the server made of the arguments; a missing argument is said, and `-p` runs
// a prompt too (as in Claude Code). `@everything:` completes the server's resources, and the one
// sent reaches the model.
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { lastUserText, providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import type { PtyTerminal } from './terminal.js';
import { PROMPT_READY, waitForTurnEnd } from './wave-terminal.js';
import { configureEverything, startTerminalReady } from './everything-server.js';
import { cleanEnv, runWave } from './wave-process.js';

const fx = useE2eFixture();

async function withEverything(): Promise<Record<string, string>> {
  configureEverything(fx.home.path);
  fx.mock = await startMock({
    name: 'weather',
    turns: [{ reply: [{ type: 'text', text: 'Sunny all week.' }] }],
  });
  return providerEnv('openai', fx.mock.url);
}

/** `wave` in a pseudo-terminal with the server configured, its prompt ready. */
async function terminalWithEverything(): Promise<PtyTerminal> {
  return startTerminalReady(fx, await withEverything());
}

describe('MCP prompts as slash commands', { timeout: 90_000 }, () => {
  it('completes a server’s prompts with their arguments in the terminal and runs one', async () => {
    const wave = await terminalWithEverything();
    // Offered once the server is connected (it starts in the background).
    wave.write('/mcp__every');
    await wave.waitFor(
      /\/mcp__everything__args-prompt <city> \[state\]\s+A prompt with two arguments, one required and one optional \(MCP everything\)/,
      30_000,
      'the prompt in the completion list',
    );
    await wave.submit('thing__args-prompt');
    await wave.waitFor(
      '/mcp__everything__args-prompt needs the argument city: type /mcp__everything__args-prompt <city> [state].',
      15_000,
      'the missing argument said',
    );
    expect(fx.mock?.requests ?? []).toHaveLength(0);

    await wave.submit('/mcp__everything__args-prompt Paris "Ile de France"');
    await waitForTurnEnd(wave, (all) => all.includes('Sunny all week.'));
    expect(lastUserText(fx.mock?.requests.at(-1)?.body)).toBe(
      "What's weather in Paris, Ile de France?",
    );
    expect(wave.screen()).toContain('/mcp__everything__args-prompt Paris "Ile de France"');
    expect(wave.screen()).not.toContain("What's weather in");
  });

  it('runs a prompt given to -p', async () => {
    const env = await withEverything();
    const run = await runWave(['-p', '/mcp__everything__args-prompt Lyon'], {
      cwd: fx.work.path,
      env: cleanEnv({ WAVE_HOME: fx.home.path, WAVE_MAX_RETRIES: '0', ...env }),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Sunny all week.');
    expect(lastUserText(fx.mock?.requests.at(-1)?.body)).toBe("What's weather in Lyon?");
  });

  it('completes a server’s resources after @ and sends the one taken to the model', async () => {
    const wave = await terminalWithEverything();
    // Once the server is connected (its prompts are offered), its resources are listed too.
    wave.write('/mcp__every');
    await wave.waitFor('/mcp__everything__args-prompt', 30_000, 'the server connected');
    wave.write(KEYS.backspace.repeat('/mcp__every'.length));
    await wave.waitFor(PROMPT_READY, 10_000, 'the prompt empty again');
    wave.write('summarize @everything:archi');
    const uri = 'demo://resource/static/document/architecture.md';
    await wave.waitFor(`@everything:${uri}`, 30_000, 'the resource in the @ list');
    wave.write('\t');
    await wave.waitFor(`> summarize @everything:${uri} `, 10_000, 'the resource taken');
    await wave.submit('briefly');
    await waitForTurnEnd(wave, (all) => all.includes('Sunny all week.'));
    const sent = lastUserText(fx.mock?.requests.at(-1)?.body);
    expect(sent).toContain(`summarize @everything:${uri} briefly`);
    expect(sent).toContain(`Contents of the MCP resource @everything:${uri}:`);
    expect(sent).toContain('# Everything Server – Architecture');
  });
});
