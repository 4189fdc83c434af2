// "Yes, and don't ask again" in the real `wave` terminal UI (a pseudo-terminal) against
// tools/mock-llm, through its whole life: the question offers the narrowest rule, choosing it
// writes the rule to .wave/settings.local.json (and .gitignore), the next call it covers runs
// without a question, and a later `wave -p` in the same folder runs it too, without any trust
// question, because the rule was the user's own word.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';
import { cleanEnv, runWave } from './wave-process.js';

const fx = useE2eFixture();

const bash = (command: string) => ({
  type: 'tool_call' as const,
  name: 'Bash',
  input: { command },
});

const COMMANDS: Scenario = {
  name: 'commands',
  turns: [
    { match: { turnIndex: 0 }, reply: [bash('echo hi && touch a.txt')] },
    { match: { turnIndex: 1 }, reply: [bash('touch b.txt')] },
    { match: { turnIndex: 2 }, reply: [bash('touch b.txt c.txt')] },
    { match: { turnIndex: 3 }, reply: [bash('ls -a')] },
    { match: { turnIndex: 4 }, reply: [{ type: 'text', text: 'All done.' }] },
  ],
};

describe('"don\'t ask again" in the terminal UI', { timeout: 90_000 }, () => {
  it('writes the rule, stops asking for what it covers, and holds in the next run', async () => {
    fx.mock = await startMock(COMMANDS);
    const wave = await startWaveTerminal({
      env: providerEnv('openai', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
      rows: 40,
    });
    fx.terminal = wave;
    await wave.submit('make the files');
    // A command joined to another: no single rule could say it, so none is offered.
    const first = await wave.waitFor('Permission needed', 15_000, 'the first question');
    expect(first).not.toContain("don't ask again");
    expect(first).toContain('3. Deny');
    wave.write('1');
    const second = await wave.waitFor(
      "3. Yes, and don't ask again for Bash(touch b.txt:*)",
      15_000,
      'the offer of a rule',
    );
    expect(second).toContain('4. Deny');
    wave.write('3');
    await waitForTurnEnd(wave, (all) => all.includes('All done.'));
    // The third command ran without a question: the rule covered it. (No key is pressed after
    // the '3', so a third question would have held the turn: "All done." could not arrive. The
    // raw output cannot be counted: a question's unchanged header row is not written again.)
    expect(existsSync(join(fx.work.path, 'c.txt'))).toBe(true);
    expect(wave.screen()).not.toContain('Permission needed');
    const local = join(fx.work.path, '.wave', 'settings.local.json');
    // Each card says why it ran without a question: the rule with its file, the read-only list.
    expect(wave.screen()).toContain(`allowed by Bash(touch b.txt:*) in ${local}`);
    expect(wave.screen()).toContain('read-only · ran without asking');
    expect(JSON.parse(readFileSync(local, 'utf8'))).toEqual({
      permissions: { allow: ['Bash(touch b.txt:*)'] },
    });
    expect(readFileSync(join(fx.work.path, '.gitignore'), 'utf8')).toBe(
      '.wave/settings.local.json\n',
    );
    await fx.terminal.dispose();
    fx.terminal = undefined;
    await fx.mock.close();

    // The next run, with no one to ask: the rule holds, and nothing asks about trust.
    fx.mock = await startMock({
      name: 'again',
      turns: [
        { match: { turnIndex: 0 }, reply: [bash('touch b.txt d.txt')] },
        { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'Again.' }] },
      ],
    });
    const run = await runWave(['-p', 'again'], {
      cwd: fx.work.path,
      env: cleanEnv({ WAVE_HOME: fx.home.path, ...providerEnv('openai', fx.mock.url) }),
    });
    expect(run.stderr).not.toContain('not trusted');
    expect(existsSync(join(fx.work.path, 'd.txt'))).toBe(true);
  });
});

describe('"don\'t ask again" for a command that runs other commands', { timeout: 90_000 }, () => {
  it('offers only its exact text, so the next script still asks', async () => {
    fx.mock = await startMock({
      name: 'scripts',
      turns: [
        { match: { turnIndex: 0 }, reply: [bash("bash -c 'git status; touch e1.txt'")] },
        { match: { turnIndex: 1 }, reply: [bash("bash -c 'touch e2.txt'")] },
        { match: { turnIndex: 2 }, reply: [{ type: 'text', text: 'Scripts done.' }] },
      ],
    });
    const wave = await startWaveTerminal({
      env: providerEnv('openai', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
      rows: 40,
      cols: 160,
    });
    fx.terminal = wave;
    await wave.submit('run the scripts');
    const first = await wave.waitFor(
      "3. Yes, and don't ask again for Bash(bash -c 'git status; touch e1.txt')",
      15_000,
      'the exact rule',
    );
    expect(first).not.toContain('Bash(bash:*)');
    wave.write('3');
    // The next bash -c is another command: it is asked about (its own exact rule offered).
    await wave.waitFor(
      "3. Yes, and don't ask again for Bash(bash -c 'touch e2.txt')",
      15_000,
      'the second question',
    );
    wave.write('4');
    await wave.waitFor('Why not?', 15_000, 'the reason prompt');
    wave.write('\r');
    await waitForTurnEnd(wave, (all) => all.includes('Scripts done.'));
    expect(existsSync(join(fx.work.path, 'e1.txt'))).toBe(true);
    expect(existsSync(join(fx.work.path, 'e2.txt'))).toBe(false);
    expect(
      JSON.parse(readFileSync(join(fx.work.path, '.wave', 'settings.local.json'), 'utf8')),
    ).toEqual({
      permissions: { allow: ["Bash(bash -c 'git status; touch e1.txt')"] },
    });
  });
});

describe('/permissions in the terminal UI', { timeout: 90_000 }, () => {
  it('lists the rules with their files and what was left out; adds and removes a rule', async () => {
    mkdirSync(join(fx.work.path, '.claude'), { recursive: true });
    const team = join(fx.work.path, '.claude', 'settings.json');
    writeFileSync(team, JSON.stringify({ permissions: { deny: ['Bash(rm:*)'] } }));
    const user = join(fx.home.path, 'settings.json');
    writeFileSync(user, JSON.stringify({ permissions: { ask: ['Bash(npm:* x)', 'Read'] } }));
    fx.mock = await startMock({
      name: 'idle',
      turns: [{ reply: [{ type: 'text', text: 'Hi.' }] }],
    });
    const wave = await startWaveTerminal({
      env: providerEnv('openai', fx.mock.url),
      waveHome: fx.home.path,
      cwd: fx.work.path,
      rows: 50,
      cols: 220,
    });
    fx.terminal = wave;
    await wave.submit('/permissions');
    const listed = await wave.waitFor('Left out:', 15_000, 'the rules');
    expect(listed).toContain(`deny:\n  Bash(rm:*)  (${team})`);
    expect(listed).toContain(`ask:\n  Read  (${user})`);
    expect(listed).toContain(
      `Left out:\n  ${user}:1:24: the ask rule "Bash(npm:* x)" is ignored: ":*" may only end a Bash rule`,
    );
    // What else runs without a question: the read-only list, and the sandbox's state.
    await wave.waitFor('Sandbox: ', 15_000, 'the sandbox line');
    expect(wave.screen()).toMatch(/Read-only commands run without a question \(\d+ on the list\):/);
    expect(wave.screen()).toContain('  ls, pwd, ');
    expect(wave.screen()).toContain(' git status|diff|log|');
    expect(wave.screen()).toContain(
      'Sandbox: The sandbox is off: commands run with all your permissions.',
    );
    await wave.submit('/permissions allow Bash(echo hi:*)');
    const local = join(fx.work.path, '.wave', 'settings.local.json');
    await wave.waitFor(`Added the allow rule Bash(echo hi:*) to ${local}.`, 15_000, 'the add');
    await wave.submit('/permissions remove deny Bash(rm:*)');
    await wave.waitFor(`Removed the deny rule Bash(rm:*) from ${team}.`, 15_000, 'the removal');
    await wave.submit('/permissions allow Bash(');
    await wave.waitFor(
      'the allow rule "Bash(" is ignored: the specifier is not closed',
      15_000,
      'the refusal',
    );
    expect(JSON.parse(readFileSync(team, 'utf8'))).toEqual({ permissions: { deny: [] } });
    expect(JSON.parse(readFileSync(local, 'utf8'))).toEqual({
      permissions: { allow: ['Bash(echo hi:*)'] },
    });
    await wave.submit('/permissions');
    await wave.waitFor(`allow:\n  Bash(echo hi:*)  (${local})`, 15_000, 'the new list');
  });
});
