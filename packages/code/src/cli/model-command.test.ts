// /model NAME --save on the host side: a configured model becomes the file's defaultModel, a
// model id its model; a model only this project configured cannot be the user's everywhere.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveModelCommand } from './model-command.js';

let root: string;
let waveHome: string;
let workdir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wave-save-command-'));
  waveHome = join(root, 'home');
  workdir = join(root, 'project');
  mkdirSync(waveHome, { recursive: true });
  mkdirSync(join(workdir, '.wave'), { recursive: true });
  writeFileSync(
    join(waveHome, 'settings.json'),
    JSON.stringify({ models: { fast: { provider: 'openai', model: 'gpt-4.1-mini' } } }),
  );
  writeFileSync(
    join(workdir, '.wave', 'settings.json'),
    JSON.stringify({ models: { theirs: { provider: 'openai', model: 'gpt-5' } } }),
  );
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const userFile = () => JSON.parse(readFileSync(join(waveHome, 'settings.json'), 'utf8')) as unknown;
const projectFile = () =>
  JSON.parse(readFileSync(join(workdir, '.wave', 'settings.json'), 'utf8')) as unknown;

describe('saving the model chosen with /model', () => {
  it('a configured model is saved as defaultModel', async () => {
    const reply = await saveModelCommand('fast --save', { waveHome, workdir });
    expect(reply.message).toBe(
      `Saved fast as the default model in ${join(waveHome, 'settings.json')}; wave starts with it from now on.`,
    );
    expect(userFile()).toMatchObject({ defaultModel: 'fast' });
  });

  it('a model id is saved as model, replacing a defaultModel that would win', async () => {
    await saveModelCommand('fast --save', { waveHome, workdir });
    const reply = await saveModelCommand('gpt-5 --save', { waveHome, workdir });
    expect(reply.message).toContain(
      '(it replaces "defaultModel": "fast" there, which would have won)',
    );
    expect(userFile()).toEqual({
      models: { fast: { provider: 'openai', model: 'gpt-4.1-mini' } },
      model: 'gpt-5',
    });
  });

  it("a model only this project configured is kept for the project, not made the user's default", async () => {
    const refused = await saveModelCommand('theirs --save', { waveHome, workdir });
    expect(refused).toMatchObject({ level: 'warning' });
    expect(refused.message).toContain('/model theirs --project');
    expect(userFile()).not.toHaveProperty('defaultModel');
    await saveModelCommand('theirs --project', { waveHome, workdir });
    expect(projectFile()).toMatchObject({ defaultModel: 'theirs' });
  });
});
