import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings } from './load-settings.js';
import { saveModelSetting } from './save-model-setting.js';

let root: string;
let waveHome: string;
let workdir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wave-save-'));
  waveHome = join(root, 'home');
  workdir = join(root, 'project');
  mkdirSync(workdir, { recursive: true });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

describe('saveModelSetting', () => {
  it('creates the user file, readable by its owner only, and the model is used next time', async () => {
    const { path } = await saveModelSetting('user', 'claude-opus-4', { waveHome, workdir });
    expect(path).toBe(join(waveHome, 'settings.json'));
    expect(read(path)).toEqual({ model: 'claude-opus-4' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadSettings({ waveHome, workdir }).user.model).toBe('claude-opus-4');
  });

  it('keeps the other keys of the file and leaves no temporary file behind', async () => {
    mkdirSync(waveHome, { recursive: true });
    writeFileSync(
      join(waveHome, 'settings.json'),
      JSON.stringify({ apiKey: 'k', model: 'old', custom: [1] }),
    );
    await saveModelSetting('user', 'new', { waveHome, workdir });
    expect(read(join(waveHome, 'settings.json'))).toEqual({
      apiKey: 'k',
      model: 'new',
      custom: [1],
    });
    expect(readdirSync(waveHome)).toEqual(['settings.json']);
  });

  it('writes the project file under <workdir>/.wave', async () => {
    const { path } = await saveModelSetting('project', 'gpt-4.1', { waveHome, workdir });
    expect(path).toBe(join(workdir, '.wave', 'settings.json'));
    expect(read(path)).toEqual({ model: 'gpt-4.1' });
    expect(loadSettings({ waveHome, workdir }).project.model).toBe('gpt-4.1');
  });

  it('refuses to rewrite a project file that holds an API key', async () => {
    mkdirSync(join(workdir, '.wave'));
    const path = join(workdir, '.wave', 'settings.json');
    writeFileSync(path, JSON.stringify({ apiKey: 'k' }));
    await expect(saveModelSetting('project', 'm', { waveHome, workdir })).rejects.toThrow(
      `Cannot save the model to ${path}: it holds an "apiKey", and Wave never writes a key into a project file.`,
    );
    expect(read(path)).toEqual({ apiKey: 'k' });
  });

  it('refuses to overwrite a file that is not valid JSON, saying where it breaks', async () => {
    mkdirSync(waveHome, { recursive: true });
    const path = join(waveHome, 'settings.json');
    writeFileSync(path, '{\n  "model": \n}\n');
    await expect(saveModelSetting('user', 'm', { waveHome, workdir })).rejects.toThrow(
      `Cannot save the model: ${path}:3:1 is not valid JSON (value expected). Fix or delete the file, then try again.`,
    );
    expect(readFileSync(path, 'utf8')).toBe('{\n  "model": \n}\n');
  });

  it('a configured model is saved as defaultModel; a model id then replaces that defaultModel', async () => {
    mkdirSync(waveHome, { recursive: true });
    const path = join(waveHome, 'settings.json');
    writeFileSync(path, JSON.stringify({ model: 'gpt-4.1', models: { fast: {} } }));
    expect(await saveModelSetting('user', 'fast', { waveHome, workdir }, true)).toEqual({ path });
    expect(read(path)).toEqual({ model: 'gpt-4.1', models: { fast: {} }, defaultModel: 'fast' });
    expect(await saveModelSetting('user', 'gpt-5', { waveHome, workdir })).toEqual({
      path,
      replacedDefault: 'fast',
    });
    expect(read(path)).toEqual({ model: 'gpt-5', models: { fast: {} } });
  });

  it('reads WAVE_HOME and the current directory when no location is given', async () => {
    const saved = process.env.WAVE_HOME;
    process.env.WAVE_HOME = waveHome;
    try {
      expect((await saveModelSetting('user', 'm')).path).toBe(join(waveHome, 'settings.json'));
    } finally {
      if (saved === undefined) delete process.env.WAVE_HOME;
      else process.env.WAVE_HOME = saved;
    }
  });
});

describe('saveModelSetting on a file the user wrote by hand', () => {
  const HAND_WRITTEN = [
    '// My Wave settings',
    '{',
    '\t"provider": "openai", // the work account',
    '\t/* the model I use most */',
    '\t"model": "gpt-4.1",',
    '\t"defaultModel": "fast",',
    '\t"models": {',
    '\t\t"fast": { "provider": "openai", "model": "gpt-4.1-mini" }, // cheap',
    '\t},',
    '}',
    '',
  ].join('\n');

  it('changes only the model line, keeping comments, tabs and trailing commas', async () => {
    mkdirSync(waveHome, { recursive: true });
    const path = join(waveHome, 'settings.json');
    writeFileSync(path, HAND_WRITTEN);
    const saved = await saveModelSetting('user', 'gpt-5', { waveHome, workdir });
    expect(saved.replacedDefault).toBe('fast');
    const lines = HAND_WRITTEN.split('\n').filter((line) => !line.includes('"defaultModel"'));
    expect(readFileSync(path, 'utf8')).toBe(
      lines.map((line) => line.replace('"gpt-4.1",', '"gpt-5",')).join('\n'),
    );
    expect(loadSettings({ waveHome, workdir }).user.model).toBe('gpt-5');
  });

  it('sets a configured model as "defaultModel" in place', async () => {
    mkdirSync(waveHome, { recursive: true });
    const path = join(waveHome, 'settings.json');
    writeFileSync(path, HAND_WRITTEN);
    await saveModelSetting('user', 'fast', { waveHome, workdir }, true);
    expect(readFileSync(path, 'utf8')).toBe(HAND_WRITTEN);
    await saveModelSetting('user', 'slow', { waveHome, workdir }, true);
    expect(readFileSync(path, 'utf8')).toBe(
      HAND_WRITTEN.replace('"defaultModel": "fast"', '"defaultModel": "slow"'),
    );
  });
});
