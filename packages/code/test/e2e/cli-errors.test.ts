// The command line end to end: bad flags and bad configuration give one line and exit 2;
// --version says which model would be used and why, honouring flags > env > settings files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trustFolder } from './trusted-folder.js';
import { cleanEnv, runWave, tempDir } from './wave-process.js';

let home: ReturnType<typeof tempDir>;
let work: ReturnType<typeof tempDir>;

beforeEach(() => {
  home = tempDir('home');
  work = tempDir('work');
});

afterEach(() => {
  home.remove();
  work.remove();
});

function wave(args: string[], env: Record<string, string> = {}) {
  return runWave(args, { cwd: work.path, env: cleanEnv({ WAVE_HOME: home.path, ...env }) });
}

function expectOneLineFailure(
  run: { code: number; stdout: string; stderr: string },
  line: string | RegExp,
): void {
  if (typeof line === 'string') expect(run.stderr).toBe(`${line}\n`);
  else expect(run.stderr).toMatch(line);
  expect(run.stdout).toBe('');
  expect(run.code).toBe(2);
}

describe('wave on a bad command line', () => {
  it('names an unknown option in one line and exits 2', async () => {
    expectOneLineFailure(
      await wave(['--foo']),
      'wave: unknown option --foo. Run wave --help for the options.',
    );
  });

  it('says which flag lacks its value', async () => {
    expectOneLineFailure(
      await wave(['-p', 'hi', '--model']),
      'wave: --model needs a value. Run wave --help for the options.',
    );
  });

  it('rejects an unknown provider from a flag or from the environment', async () => {
    expectOneLineFailure(
      await wave(['--provider', 'gemini']),
      'wave: unknown provider "gemini" for --provider; use anthropic, openai, google, vertex, bedrock or demo. Run wave --help for the options.',
    );
    expectOneLineFailure(
      await wave(['-p', 'hi'], { WAVE_PROVIDER: 'gemini' }),
      'wave: Unknown provider "gemini" (from WAVE_PROVIDER=gemini). Use one of: anthropic, openai, google, vertex, bedrock, demo.',
    );
  });

  it('says what to set when the chosen provider has no API key', async () => {
    expectOneLineFailure(
      await wave(['-p', 'hi', '--provider', 'anthropic']),
      'wave: The anthropic provider needs an API key: set WAVE_API_KEY or ANTHROPIC_API_KEY (or pass --api-key).',
    );
  });

  it('says where --resume and --continue work, and that they do not go together', async () => {
    // Print mode resumes as claude -p does: a session that is not there is one sentence, and
    // not a usage error (exit 1, as for a key that is missing).
    const missing = await wave(['--resume', 'abc', '-p', 'hi']);
    expect(missing.stderr).toMatch(
      /^wave: there is no session abc in .+ \(wave --resume lists them\)\.\n$/,
    );
    expect(missing.stdout).toBe('');
    expect(missing.code).toBe(1);
    expectOneLineFailure(
      await wave(['--continue', '--stdio']),
      /^wave: --continue works in the interactive UI only; editor hosts open a saved session with the restoreSession method\..*\n$/,
    );
    expectOneLineFailure(
      await wave(['--continue', '--resume']),
      /^wave: --resume and --continue cannot be used together; choose one\..*\n$/,
    );
  });

  it('rejects a --cwd that is not a directory', async () => {
    expectOneLineFailure(
      await wave(['--cwd', 'missing', '-p', 'hi']),
      `wave: --cwd missing: ${join(work.path, 'missing')} is not an existing directory. Run wave --help for the options.`,
    );
  });
});

describe('wave --version', () => {
  it('prints the version and the demo model when nothing is configured', async () => {
    const run = await wave(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^wave \d+\.\d+\.\d+\nmodel: demo wave-demo \(because no model is configured\)\n$/,
    );
  });

  it('takes the model from flags over env over the project file over the user file', async () => {
    writeFileSync(
      join(home.path, 'settings.json'),
      JSON.stringify({ provider: 'openai', model: 'user-model', apiKey: 'k' }),
    );
    mkdirSync(join(work.path, '.wave'));
    writeFileSync(
      join(work.path, '.wave', 'settings.json'),
      JSON.stringify({ model: 'project-model' }),
    );
    expect((await wave(['-v'])).stdout).toContain(
      'model: openai project-model (because "provider": "openai" in settings)',
    );
    expect((await wave(['-v'], { WAVE_MODEL: 'env-model' })).stdout).toContain(
      'model: openai env-model',
    );
    expect(
      (await wave(['-v', '--model', 'flag-model'], { WAVE_MODEL: 'env-model' })).stdout,
    ).toContain('model: openai flag-model');
  });

  it('names the configured model it starts with, and lists the others with what each is for', async () => {
    writeFileSync(
      join(home.path, 'settings.json'),
      JSON.stringify({
        provider: 'openai',
        apiKey: 'k',
        models: {
          fast: { provider: 'openai', model: 'gpt-4.1-mini' },
          local: { provider: 'openai', model: 'qwen', baseURL: 'http://localhost:11434/v1' },
        },
        defaultModel: 'fast',
        modelFor: { btw: 'local' },
      }),
    );
    const run = await wave(['--version']);
    expect(run.stdout).toMatch(
      /^wave \d+\.\d+\.\d+\nmodel: fast: openai gpt-4\.1-mini \(because "defaultModel": "fast" in settings\)\nmodels: gpt-4\.1, fast \(default\), local \(btw\)\n$/,
    );
    expect((await wave(['-v', '--model', 'local'])).stdout).toContain(
      'model: local: openai qwen at http://localhost:11434/v1 (because --model local)',
    );
  });

  it('reports a broken settings file with its position and starts without it', async () => {
    // Settings are JSONC: comments and trailing commas are fine, a missing comma is not.
    writeFileSync(join(home.path, 'settings.json'), '{\n  "model": "x"\n  "provider": "y"\n}');
    const run = await wave(['--version']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      new RegExp(`^wave: ignoring ${join(home.path, 'settings.json')}:3:3: not valid JSON .+\\n$`),
    );
    expect(run.stdout).toContain('model: demo wave-demo');
  });

  it('reports settings nested 200,000 brackets deep with their place instead of overflowing the stack', async () => {
    const deep = `{"permissions": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    for (const folder of ['.wave', '.claude']) {
      mkdirSync(join(work.path, folder));
      writeFileSync(join(work.path, folder, 'settings.json'), deep);
    }
    const run = await wave(['-v']);
    expect(run.code).toBe(0);
    for (const folder of ['.claude', '.wave']) {
      expect(run.stderr).toContain(
        `wave: ignoring ${join(work.path, folder, 'settings.json')}:1:272: not valid JSON (it nests deeper than 256 levels). Fix the file;`,
      );
    }
    expect(run.stdout).toContain('model: demo wave-demo');
  });

  it('works in the directory given by --cwd', async () => {
    const other = join(work.path, 'other');
    mkdirSync(join(other, '.wave'), { recursive: true });
    writeFileSync(
      join(other, '.wave', 'settings.json'),
      JSON.stringify({ provider: 'openai', baseURL: 'http://local/v1' }),
    );
    trustFolder(home.path, other, ['provider=openai', 'baseURL=http://local/v1']);
    expect((await wave(['-v', '--cwd', 'other'])).stdout).toContain(
      'model: openai gpt-4.1 at http://local/v1',
    );
  });
});

describe('wave meeting a machine that refuses', () => {
  it('says in one sentence what it could not do and what to do, with no stack trace', async () => {
    // WAVE_HOME under a file: `wave trust` cannot make the folder it records trust in.
    const blocker = join(home.path, 'a-file');
    writeFileSync(blocker, '');
    const run = await wave(['trust'], { WAVE_HOME: join(blocker, 'wave') });
    expect(run.stderr).toBe(
      `wave: could not create the folder ${join(blocker, 'wave')}: a part of the path is a file, not a folder (ENOTDIR). ` +
        'Check that the path exists and that you may write there (WAVE_HOME chooses where Wave keeps its files), then try again.\n',
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.code).toBe(1);
  });
});
