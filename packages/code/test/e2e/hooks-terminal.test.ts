// Hooks in the terminal UI (a real pty): the trust question lists each project hook's command in
// full; once trusted, a tool's hook run shows in its card, and /hooks lists the hooks in force
// with their files.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import { PROMPT_READY, startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

const fx = useE2eFixture();

const GUARD = 'echo "no commands in this repo" >&2; exit 2 # guard-hook';

describe('hooks in the terminal UI', () => {
  it('asks about each project hook in full, shows a blocked call with its hook, and lists hooks with /hooks', async () => {
    mkdirSync(join(fx.work.path, '.claude'));
    const settingsFile = join(fx.work.path, '.claude', 'settings.json');
    writeFileSync(
      settingsFile,
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }],
        },
      }),
    );
    fx.mock = await startMock({
      name: 'bash',
      turns: [
        { reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'touch made' } }] },
        { reply: [{ type: 'text', text: 'It was blocked.' }] },
      ],
    });
    const terminal = await startWaveTerminal({
      env: providerEnv('anthropic', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
      args: ['--permission-mode', 'bypassPermissions'],
      waitForPrompt: false,
      cols: 160,
    });
    fx.terminal = terminal;
    const question = await terminal.waitFor("Don't trust it", 15_000, 'the trust question');
    expect(question).toContain(`${settingsFile} asks to:`);
    expect(question.replace(/\s+/g, ' ')).toContain(
      `run this command as a PreToolUse hook (matcher "Bash") (hooks.PreToolUse: ${GUARD})`,
    );
    terminal.write(KEYS.up);
    await terminal.waitFor(/❯ 1\. Trust this folder/, 10_000, 'the first choice highlighted');
    terminal.write(KEYS.enter);
    await terminal.waitFor(PROMPT_READY, 15_000, 'the prompt after trusting');

    await terminal.submit('make a file');
    const after = await waitForTurnEnd(terminal, (all) => all.includes('It was blocked.'));
    // The blocked `touch made` never ran: the file it would have made is not there.
    expect(existsSync(join(fx.work.path, 'made'))).toBe(false);
    expect(after).toContain('PreToolUse hook echo "no commands in this repo" >&2; exit 2 #');
    expect(after).toContain('blocked — Blocked: no commands in this repo');
    expect(after).toContain('A PreToolUse hook blocked this call: no commands in this repo');

    await terminal.submit('/hooks');
    const listed = await terminal.waitFor('Hooks in force:', 10_000, '/hooks');
    expect(listed).toContain(settingsFile);
    expect(listed).toContain(`PreToolUse [Bash] (timeout 60 s): ${GUARD}`);
  });
});
