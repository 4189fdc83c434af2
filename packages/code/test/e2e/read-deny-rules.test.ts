// Deny rules for Read against every other way a file reaches the model, as a user meets them:
// the README's own `.claude/settings.json` example in a work folder, the real `wave -p`,
// tools/mock-llm scripting the model's calls. The tools that search and list (Grep, Glob, LS),
// Edit (which reads the old content) and the memory files' `@` imports. Every request the model
// server received is searched for the secret: whatever the tools found, it never got there.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { calls, toolResults } from './tool-call-scenario.js';
import { cleanEnv, runWave } from './wave-process.js';

const fx = useE2eFixture();
const SLOW = { timeout: 90_000 };
const ENV_SECRET = 'sk-live-env-4f1c';
const FOLDER_SECRET = 'sk-live-folder-9a2e';

/** `wave -p` in the work folder against the mock model, with these arguments. */
function print(args: readonly string[]) {
  return runWave(args, {
    cwd: fx.work.path,
    env: cleanEnv({
      WAVE_HOME: fx.home.path,
      WAVE_MAX_RETRIES: '0',
      ...providerEnv('openai', fx.mock?.url ?? ''),
    }),
  });
}

describe('deny rules for Read hold beyond Read in print mode', SLOW, () => {
  it('Grep in content mode, Glob, LS, Edit and a CLAUDE.md import never send a denied file to the model', async () => {
    const work = fx.work.path;
    mkdirSync(join(work, '.claude'));
    writeFileSync(
      join(work, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { deny: ['Read(.env)', 'Read(./secret/**)'] } }),
    );
    writeFileSync(join(work, '.env'), `TOKEN=${ENV_SECRET}\n`);
    mkdirSync(join(work, 'secret'));
    writeFileSync(join(work, 'secret', 'keys.txt'), `TOKEN=${FOLDER_SECRET}\n`);
    symlinkSync(join(work, 'secret'), join(work, 'docs'));
    mkdirSync(join(work, 'src'));
    writeFileSync(join(work, 'src', 'app.ts'), 'const token = process.env.TOKEN;\n');
    writeFileSync(join(work, 'CLAUDE.md'), 'The settings are in @.env and @secret/keys.txt.\n');

    fx.mock = await startMock(
      calls(
        { name: 'Read', input: { file_path: '.env' } },
        { name: 'Grep', input: { pattern: 'TOKEN', output_mode: 'content' } },
        { name: 'Grep', input: { pattern: 'TOKEN', path: 'docs', output_mode: 'content' } },
        { name: 'Grep', input: { pattern: 'TOKEN', glob: 'secret/*', output_mode: 'content' } },
        { name: 'Glob', input: { pattern: '**/*' } },
        { name: 'LS', input: {} },
        {
          name: 'Edit',
          input: { file_path: '.env', old_string: 'TOKEN=sk-', new_string: 'TOKEN=sk-' },
        },
      ),
    );
    // acceptEdits: an Edit would run without asking, so only the rule stops it.
    const run = await print(['-p', 'find the token', '--permission-mode', 'acceptEdits']);
    expect(run.code, run.stderr).toBe(0);

    const [read, grepAll, grepLink, grepGlob, glob, ls, edit] = toolResults(fx.mock);
    // The control: Read of the same file is refused by the rule.
    expect(read).toContain('Read was not run: the rule "Read(.env)"');
    // The searches ran and found the file no rule covers.
    expect(grepAll).toContain('src/app.ts:1:const token = process.env.TOKEN;');
    expect(grepAll).toContain('[2 files left out: deny rules for Read');
    expect(grepLink).toContain('No matches for /TOKEN/ in docs.');
    expect(grepGlob).toContain('No matches for /TOKEN/ in secret.');
    expect(glob?.split('\n').sort()).toEqual([
      '',
      '.claude/settings.json',
      'CLAUDE.md',
      '[2 files left out: deny rules for Read in the permission settings cover them.]',
      'src/app.ts',
    ]);
    expect(ls?.split('\n')).not.toContain('.env');
    expect(ls).toContain('src/');
    expect(edit).toContain('Edit was not run: the rule "Read(.env)"');

    const sent = JSON.stringify(fx.mock.requests.map((request) => request.body));
    expect(sent).not.toContain(ENV_SECRET);
    expect(sent).not.toContain(FOLDER_SECRET);
    expect(sent).not.toContain('.env:1');
    expect(run.stdout).not.toContain(ENV_SECRET);
  });

  it("a project command's @file that a deny rule covers is not put in its prompt", async () => {
    const work = fx.work.path;
    mkdirSync(join(work, '.claude', 'commands'), { recursive: true });
    writeFileSync(
      join(work, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { deny: ['Read(.env)'] } }),
    );
    writeFileSync(join(work, '.claude', 'commands', 'look.md'), 'Look at @.env and @app.ts\n');
    writeFileSync(join(work, '.env'), `TOKEN=${ENV_SECRET}\n`);
    writeFileSync(join(work, 'app.ts'), 'export const app = 1;\n');
    fx.mock = await startMock({
      name: 'look',
      turns: [{ match: { turnIndex: 0 }, reply: [{ type: 'text', text: 'Looked.' }] }],
    });
    const run = await print(['-p', '/look']);
    expect(run.code, run.stderr).toBe(0);
    const sent = JSON.stringify(fx.mock.requests.map((request) => request.body));
    expect(sent).toContain('export const app = 1;');
    expect(sent).toContain('(.env is covered by a deny rule for Read');
    expect(sent).not.toContain(ENV_SECRET);
  });
});
