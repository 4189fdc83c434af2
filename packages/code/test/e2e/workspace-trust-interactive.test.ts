// The workspace-trust question in the real terminal UI: a folder whose `.wave/settings.json`
// asks for bypassPermissions and Bash gets one question before the first turn, listing exactly
// that; "don't trust" starts without them (Bash asks), "trust" remembers the folder in
// $WAVE_HOME and the next start asks nothing. Real wave in a pseudo-terminal, real mock model.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import { PROMPT_READY, startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

const fx = useE2eFixture();

const QUESTION = 'This folder asks for more than Wave allows by default';

async function waveInProject(): Promise<void> {
  mkdirSync(join(fx.work.path, '.wave'), { recursive: true });
  writeFileSync(
    join(fx.work.path, '.wave', 'settings.json'),
    JSON.stringify({ permissionMode: 'bypassPermissions', allowedTools: ['Bash'] }),
  );
  fx.mock ??= await startMock({
    name: 'bash',
    turns: [
      { reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'echo ran > ran.txt' } }] },
      { reply: [{ type: 'text', text: 'All done.' }] },
    ],
  });
  await fx.terminal?.dispose();
  fx.terminal = await startWaveTerminal({
    env: providerEnv('openai', fx.mock.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
    waitForPrompt: false,
  });
}

describe('the trust question', () => {
  it("comes before the first turn, lists what the folder asks for; don't trust leaves Bash asking", async () => {
    await waveInProject();
    const wave = fx.terminal!;
    const shown = await wave.waitFor("Don't trust it", 15_000, 'the trust question');
    expect(shown).toContain(QUESTION);
    expect(shown).toContain(realpathSync(fx.work.path));
    expect(shown).toContain('run every tool, including commands, without asking');
    expect(shown).toContain('(permissionMode: bypassPermissions)');
    expect(shown).toContain('run commands without asking');
    expect(shown).not.toContain(PROMPT_READY);
    // "Don't trust it" is highlighted first: Enter answers no.
    wave.write(KEYS.enter);
    const after = await wave.waitFor(PROMPT_READY, 15_000, 'the prompt after the answer');
    expect(after).toContain('Not trusted: the settings above are ignored this time.');
    expect(after).toMatch(
      /ignoring settings from .*settings\.json because this folder is not\s+trusted: permissionMode bypassPermissions/,
    );
    await wave.submit('run it');
    await wave.waitFor('Permission needed', 15_000, 'the permission question for Bash');
    expect(existsSync(join(fx.home.path, 'trusted-folders.json'))).toBe(false);
  });

  it('trust: remembered, Bash runs without asking, and the next start asks nothing', async () => {
    await waveInProject();
    const wave = fx.terminal!;
    await wave.waitFor("Don't trust it", 15_000, 'the trust question');
    wave.write(KEYS.up);
    await wave.waitFor(/❯ 1\. Trust this folder/, 10_000, 'the first choice highlighted');
    wave.write(KEYS.enter);
    await wave.waitFor(PROMPT_READY, 15_000, 'the prompt after trusting');
    expect(wave.text()).toContain(`✓ Trusted ${realpathSync(fx.work.path)} with its settings.`);
    const remembered = JSON.parse(
      readFileSync(join(fx.home.path, 'trusted-folders.json'), 'utf8'),
    ) as { folders: Record<string, { granted: string[] }> };
    expect(remembered.folders[realpathSync(fx.work.path)]?.granted).toEqual([
      'allowedTools=Bash',
      'permissionMode=bypassPermissions',
    ]);
    await wave.submit('run it');
    await waitForTurnEnd(wave, (all) => all.includes('All done.'));
    expect(wave.text()).not.toContain('Permission needed');
    expect(readFileSync(join(fx.work.path, 'ran.txt'), 'utf8')).toBe('ran\n');

    await fx.mock?.close();
    fx.mock = undefined;
    await waveInProject();
    await fx.terminal!.waitFor(PROMPT_READY, 15_000, 'the prompt, with no question');
    expect(fx.terminal!.text()).not.toContain(QUESTION);
  }, 60_000);

  it('Ctrl+C at the question quits wave without starting', async () => {
    await waveInProject();
    const wave = fx.terminal!;
    await wave.waitFor("Don't trust it", 15_000, 'the trust question');
    wave.write(KEYS.ctrlC);
    const exit = await wave.exited(10_000);
    expect(exit.exitCode).toBe(130);
    expect(fx.mock!.requests).toHaveLength(0);
  });
});
