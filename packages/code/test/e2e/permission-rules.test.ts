// Permission rules in the real `wave -p` against tools/mock-llm: a project's own
// `.claude/settings.json`, written as Claude Code reads it. What the model is told for each tool
// call (its result in the next request) and what is left on disk show what ran. Print mode has
// no one to ask, so a call the rules do not allow is refused with the reason the user would
// have been asked about.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { calls, toolResults, type Call } from './tool-call-scenario.js';
import { trustFolder } from './trusted-folder.js';
import { cleanEnv, runWave } from './wave-process.js';

const fx = useE2eFixture();
const SLOW = { timeout: 90_000 };

const bash = (command: string): Call => ({ name: 'Bash', input: { command } });

function claudeSettings(permissions: Record<string, unknown>): string {
  const path = join(fx.work.path, '.claude', 'settings.json');
  mkdirSync(join(fx.work.path, '.claude'), { recursive: true });
  // Comments and a trailing comma, as people write them.
  writeFileSync(
    path,
    `{\n  // the team's rules\n  "permissions": ${JSON.stringify(permissions, null, 2)},\n}\n`,
  );
  return path;
}

async function print(scenario: Scenario, args: readonly string[] = []) {
  fx.mock = await startMock(scenario);
  return runWave(['-p', 'do it', ...args], {
    cwd: fx.work.path,
    env: cleanEnv({
      WAVE_HOME: fx.home.path,
      WAVE_MAX_RETRIES: '0',
      ...providerEnv('openai', fx.mock.url),
    }),
  });
}

/** What the model was told for each tool call, in call order. */
function results(): string[] {
  return toolResults(fx.mock);
}

function offeredTools(): string[] {
  const body = fx.mock?.requests[0]?.body as
    { tools?: { function: { name: string } }[] } | undefined;
  return (body?.tools ?? []).map((tool) => tool.function.name);
}

const file = (name: string) => join(fx.work.path, name);

describe('permission rules from .claude/settings.json in print mode', SLOW, () => {
  it('allow runs the command; ask and deny do not, and each says which rule and file', async () => {
    const settings = claudeSettings({
      allow: ['Bash(touch allowed.txt)', 'Bash(touch asked.txt)', 'Bash(touch denied.txt)'],
      ask: ['Bash(touch asked.txt)'],
      deny: ['Bash(touch denied*)', 'Bash(touch denied.txt)'],
    });
    trustFolder(fx.home.path, fx.work.path, [
      'permissions.allow=Bash(touch allowed.txt)',
      'permissions.allow=Bash(touch asked.txt)',
      'permissions.allow=Bash(touch denied.txt)',
    ]);
    const run = await print(
      calls(bash('touch allowed.txt'), bash('touch asked.txt'), bash('touch denied.txt')),
    );
    expect(run.code).toBe(0);
    expect(existsSync(file('allowed.txt'))).toBe(true);
    expect(existsSync(file('asked.txt'))).toBe(false);
    expect(existsSync(file('denied.txt'))).toBe(false);
    const [allowed, asked, denied] = results();
    expect(allowed).not.toMatch(/not run|denied|no one to ask/);
    expect(asked).toContain(
      `Bash is asked about every time: the rule "Bash(touch asked.txt)" in ${settings} says so, and there is no one to ask for permission here.`,
    );
    // The specific allow does not beat the broader deny written before it.
    expect(denied).toContain(
      `Bash was not run: the rule "Bash(touch denied*)" in ${settings} denies it.`,
    );
  });

  it('allows a command joined to another only when each part is allowed', async () => {
    claudeSettings({ allow: ['Bash(echo hi:*)', 'Bash(ls *)'] });
    trustFolder(fx.home.path, fx.work.path, [
      'permissions.allow=Bash(echo hi:*)',
      'permissions.allow=Bash(ls *)',
    ]);
    const joined = [
      'echo hi && touch p1',
      'echo hi || touch p2',
      'echo hi; touch p3',
      'echo hi | tee p4',
      '(echo hi; touch p5)',
      'echo hi `touch p6`',
      'echo hi $(touch p7)',
      'echo hi > p8',
      'lsof > /dev/null; touch p9',
    ];
    const run = await print(calls(...joined.map(bash), bash('echo hi && ls -d .')));
    expect(run.code).toBe(0);
    const told = results();
    joined.forEach((command, index) => {
      expect(existsSync(file(`p${index + 1}`)), command).toBe(false);
      expect(told[index], command).toContain('there is no one to ask for permission here');
    });
    expect(told[1]).toContain('(no rule allows `touch p2`)');
    expect(told[7]).toContain(
      'runs commands on your machine: output redirection (`> p8`) writes to a file, which needs approval, and there is no one',
    );
    // Every part allowed: it runs.
    expect(told[9]).toContain('hi');
    expect(told[9]).not.toContain('no one to ask');
  });

  it('never allows a command it cannot parse', async () => {
    claudeSettings({ allow: ['Bash(echo:*)'] });
    trustFolder(fx.home.path, fx.work.path, ['permissions.allow=Bash(echo:*)']);
    await print(calls(bash('echo "unclosed; touch p')));
    expect(results()[0]).toMatch(/the command it could not be parsed .*no one to ask/);
  });

  it('deny holds under --permission-mode bypassPermissions; a bare deny removes the tool', async () => {
    const settings = claudeSettings({ deny: ['Bash(rm:*)', 'Read(./.env)', 'Write'] });
    writeFileSync(file('keep.txt'), 'x');
    writeFileSync(file('.env'), 'SECRET=1');
    const run = await print(
      calls(bash('ls && rm keep.txt'), { name: 'Read', input: { file_path: '.env' } }),
      ['--permission-mode', 'bypassPermissions'],
    );
    expect(run.code).toBe(0);
    expect(existsSync(file('keep.txt'))).toBe(true);
    const [rm, read] = results();
    expect(rm).toContain(`Bash was not run: the rule "Bash(rm:*)" in ${settings} denies it.`);
    expect(read).toContain(`Read was not run: the rule "Read(./.env)" in ${settings} denies it.`);
    expect(read).not.toContain('SECRET');
    expect(offeredTools()).not.toContain('Write');
    expect(offeredTools()).toContain('Bash');
  });

  it('a Bash deny rule holds through wrappers and scripts; a hidden program is refused with no one to ask', async () => {
    const settings = claudeSettings({ deny: ['Bash(rm:*)'] });
    const spellings = [
      "bash -c 'rm keep1.txt'",
      '/bin/rm keep2.txt',
      '\\rm keep3.txt',
      'find . -name keep4.txt -exec rm {} +',
      "eval 'rm keep5.txt'",
      'echo keep6.txt | xargs rm',
      'command rm keep7.txt',
      'env -i rm keep8.txt',
    ];
    const hidden = 'x=rm; $x keep9.txt';
    spellings.forEach((_, index) => writeFileSync(file(`keep${index + 1}.txt`), 'x'));
    writeFileSync(file('keep9.txt'), 'x');
    const run = await print(calls(...spellings.map(bash), bash(hidden), bash('touch made.txt')), [
      '--permission-mode',
      'bypassPermissions',
    ]);
    expect(run.code).toBe(0);
    const told = results();
    spellings.forEach((command, index) => {
      expect(existsSync(file(`keep${index + 1}.txt`)), command).toBe(true);
      expect(told[index], command).toContain(
        `Bash was not run: the rule "Bash(rm:*)" in ${settings} denies it.`,
      );
    });
    expect(existsSync(file('keep9.txt'))).toBe(true);
    expect(told[spellings.length]).toContain(
      `Bash is asked about every time here: its program \`$x\` is decided at run time, so the rule "Bash(rm:*)" in ${settings} cannot be checked, and there is no one to ask for permission here.`,
    );
    // What no rule names still runs in bypassPermissions.
    expect(existsSync(file('made.txt'))).toBe(true);
  });

  it('in a folder that is not trusted: allow rules are ignored and said, deny rules still hold', async () => {
    const settings = claudeSettings({
      allow: ['Bash(touch made.txt)'],
      deny: ['Bash(touch no.txt)'],
    });
    const run = await print(calls(bash('touch made.txt'), bash('touch no.txt')));
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `wave: ignoring settings from ${settings} because this folder is not trusted: permissions.allow Bash(touch made.txt) (run \`touch made.txt\` without asking).`,
    );
    expect(existsSync(file('made.txt'))).toBe(false);
    const [made, no] = results();
    expect(made).toContain('no one to ask for permission here');
    expect(no).toContain('denies it');
  });

  it('reads Wave’s own .wave/settings.local.json and the user’s file too, and reports a bad rule by file, line and rule', async () => {
    mkdirSync(join(fx.work.path, '.wave'), { recursive: true });
    const local = join(fx.work.path, '.wave', 'settings.local.json');
    writeFileSync(local, JSON.stringify({ permissions: { allow: ['Bash(touch local.txt)'] } }));
    writeFileSync(
      join(fx.home.path, 'settings.json'),
      '{\n  "permissions": {\n    "allow": ["Bash(touch user.txt)", "Bash(npm:* x)"]\n  }\n}\n',
    );
    trustFolder(fx.home.path, fx.work.path, ['permissions.allow=Bash(touch local.txt)']);
    const run = await print(calls(bash('touch local.txt'), bash('touch user.txt')));
    expect(existsSync(file('local.txt'))).toBe(true);
    expect(existsSync(file('user.txt'))).toBe(true);
    expect(run.stderr).toContain(
      `wave: ${join(fx.home.path, 'settings.json')}:3:39: the allow rule "Bash(npm:* x)" is ignored: ":*" may only end a Bash rule`,
    );
  });
});

describe('wave trust: trust without a terminal', SLOW, () => {
  const env = () => cleanEnv({ WAVE_HOME: fx.home.path });

  it('lists what trusting turns on, and print mode then uses the rules; --list and --revoke', async () => {
    const settings = claudeSettings({ allow: ['Bash(touch trusted.txt)'], deny: ['Read(.env)'] });
    const trusted = await runWave(['trust'], { cwd: fx.work.path, env: env() });
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toContain(
      `Trusted ${fx.work.path} with what its files turn on:\n  permissions.allow Bash(touch trusted.txt)\n      run \`touch trusted.txt\` without asking (${settings})\n`,
    );
    const listed = await runWave(['trust', '--list'], { cwd: fx.home.path, env: env() });
    expect(listed.stdout).toContain(`${fx.work.path}  trusted `);
    expect(listed.stdout).toContain('\n    permissions.allow=Bash(touch trusted.txt)');

    const run = await print(calls(bash('touch trusted.txt')));
    expect(run.stderr).not.toContain('not trusted');
    expect(existsSync(file('trusted.txt'))).toBe(true);
    await fx.mock?.close();

    const revoked = await runWave(['trust', '--revoke', fx.work.path], {
      cwd: fx.home.path,
      env: env(),
    });
    expect(revoked.stdout).toContain(`${fx.work.path} is no longer trusted`);
    const again = await print(calls(bash('touch trusted.txt again.txt')));
    expect(again.stderr).toContain('because this folder is not trusted');
    expect(existsSync(file('again.txt'))).toBe(false);
    const twice = await runWave(['trust', '--revoke', fx.work.path], {
      cwd: fx.home.path,
      env: env(),
    });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('is not a trusted folder, so there is nothing to revoke');
  });

  it('says what is wrong with its arguments', async () => {
    const run = await runWave(['trust', '--list', 'x'], { cwd: fx.work.path, env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('wave trust takes one of: a folder, --list, or --revoke DIR.');
    const missing = await runWave(['trust', 'nowhere'], { cwd: fx.work.path, env: env() });
    expect(missing.stderr).toContain(
      `${join(fx.work.path, 'nowhere')} is not an existing directory`,
    );
  });
});
