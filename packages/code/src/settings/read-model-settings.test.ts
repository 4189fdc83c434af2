// Configured models in a settings file as the user writes them: a broken entry is reported at
// its line and left out (the rest of the file still counts), a key written into an entry is
// never read, and a defaultModel or modelFor naming no model is said and ignored.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings } from './load-settings.js';

let root: string;
let waveHome: string;
let workdir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wave-models-'));
  waveHome = join(root, 'home');
  workdir = join(root, 'project');
  mkdirSync(waveHome, { recursive: true });
  mkdirSync(join(workdir, '.wave'), { recursive: true });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const userFile = () => join(waveHome, 'settings.json');
const projectFile = () => join(workdir, '.wave', 'settings.json');

describe('configured models in settings files', () => {
  it('reads entries, defaultModel and modelFor', () => {
    const models = {
      fast: { provider: 'openai', model: 'gpt-4.1-mini', apiKeyEnv: 'FAST_KEY' },
      'qwen2.5:7b': {
        provider: 'openai',
        model: 'qwen2.5-coder:7b',
        baseURL: 'http://localhost:11434/v1',
        contextWindow: 32768,
        maxOutputTokens: 4096,
        // This endpoint's model takes images (attachments): said here, as Wave cannot know.
        images: true,
      },
    };
    writeFileSync(
      userFile(),
      JSON.stringify({ models, defaultModel: 'fast', modelFor: { btw: 'qwen2.5:7b' } }),
    );
    expect(loadSettings({ waveHome, workdir })).toMatchObject({
      user: { models, defaultModel: 'fast', modelFor: { btw: 'qwen2.5:7b' } },
      warnings: [],
    });
  });

  it('leaves out a broken entry, at its line, and keeps the rest of the file', () => {
    writeFileSync(
      userFile(),
      [
        '{',
        '  "permissionMode": "plan",',
        '  "models": {',
        '    "good": { "provider": "openai", "model": "m" },',
        '    "bad": { "provider": "openai", "model": "m", "baseURL": "file:///etc/passwd" },',
        '    "two words": { "provider": "openai", "model": "m" },',
        '    "noprovider": { "model": "m" }',
        '  }',
        '}',
      ].join('\n'),
    );
    const loaded = loadSettings({ waveHome, workdir });
    expect(loaded.user).toEqual({
      permissionMode: 'plan',
      models: { good: { provider: 'openai', model: 'm' } },
    });
    expect(loaded.warnings).toEqual([
      `ignoring the model "bad" at ${userFile()}:5:5: "baseURL": must be an http:// or https:// address. Fix it; Wave started without it.`,
      `ignoring the model "two words" at ${userFile()}:6:5: a model name is one word of letters, digits and . _ : @ / - (at most 64 characters). Fix it; Wave started without it.`,
      expect.stringMatching(
        /^ignoring the model "noprovider" at .*:7:5: "provider": Invalid option: expected one of/,
      ),
    ]);
  });

  it('never reads a key written into an entry, and says where the key belongs', () => {
    writeFileSync(
      projectFile(),
      '{\n  "models": {\n    "m": { "provider": "openai", "model": "x", "apiKey": "sk-leaked" }\n  }\n}',
    );
    const loaded = loadSettings({ waveHome, workdir });
    expect(loaded.project.models).toEqual({ m: { provider: 'openai', model: 'x' } });
    expect(JSON.stringify(loaded.project)).not.toContain('sk-leaked');
    expect(loaded.warnings).toEqual([
      `ignoring "apiKey" of the model "m" at ${projectFile()}:3:48: Wave never reads a key from a model entry. Put the key in an environment variable and name that variable in "apiKeyEnv".`,
    ]);
  });

  it('an apiKeyEnv must be a variable name, never a key', () => {
    writeFileSync(
      userFile(),
      JSON.stringify({
        models: { m: { provider: 'openai', model: 'x', apiKeyEnv: 'sk-ant-123' } },
      }),
    );
    expect(loadSettings({ waveHome, workdir }).warnings[0]).toMatch(
      /"apiKeyEnv": must be the name of an environment variable/,
    );
  });

  it('a defaultModel or modelFor naming no configured model is said and ignored; modelFor.title is not a thing', () => {
    writeFileSync(
      userFile(),
      JSON.stringify({
        models: { fast: { provider: 'openai', model: 'm' } },
        defaultModel: 'fsat',
        modelFor: { btw: 'fast', compact: 'nope', title: 'fast' },
      }),
    );
    const loaded = loadSettings({ waveHome, workdir });
    expect(loaded.user.defaultModel).toBeUndefined();
    expect(loaded.user.modelFor).toEqual({ btw: 'fast' });
    expect(loaded.warnings).toEqual([
      expect.stringMatching(
        /^"modelFor.title" at .*:1:\d+ is ignored: Wave titles a session with its first message, without asking a model. modelFor knows: btw, compact, subagent, webfetch.$/,
      ),
      expect.stringMatching(
        /^"defaultModel" at .*:1:\d+ names "fsat", which is not a configured model, so it is ignored. Configured: fast.$/,
      ),
      expect.stringMatching(/^"modelFor.compact" at .* names "nope"/),
    ]);
  });

  it('a project may name the user’s models, and the user the project’s', () => {
    writeFileSync(
      userFile(),
      JSON.stringify({ models: { mine: { provider: 'openai', model: 'm' } } }),
    );
    writeFileSync(projectFile(), JSON.stringify({ defaultModel: 'mine' }));
    expect(loadSettings({ waveHome, workdir })).toMatchObject({
      project: { defaultModel: 'mine' },
      warnings: [],
    });
  });
});
