// Which model a session starts with, where each configured model's requests go and which key
// they carry, and the list every host shows. No network: the routes are checked as resolved.
import { describe, expect, it } from 'vitest';
import { resolveModelSetup } from './model-setup.js';
import type { ModelSettings } from './model-setup.js';
import { ConfigError } from './provider-settings.js';

const USER: ModelSettings = {
  provider: 'openai',
  model: 'gpt-4.1',
  baseURL: 'http://user-proxy/v1',
  apiKey: 'users-key',
  models: {
    fast: { provider: 'openai', model: 'gpt-4.1-mini' },
    local: {
      provider: 'openai',
      model: 'qwen',
      baseURL: 'http://localhost:11434/v1',
      apiKeyEnv: 'LOCAL_KEY',
      contextWindow: 32_000,
      maxOutputTokens: 2048,
    },
    keyless: { provider: 'openai', model: 'llama', baseURL: 'http://localhost:8080/v1' },
    claude: { provider: 'anthropic', model: 'claude-haiku-4-5' },
  },
  defaultModel: 'fast',
  modelFor: { btw: 'local', compact: 'fast' },
};

const ENV = { LOCAL_KEY: 'local-key', ANTHROPIC_API_KEY: 'anthropic-key' };

describe('the model a session starts with', () => {
  it('is settings\u2019 defaultModel, over the top-level model, with the base\u2019s endpoint and key', () => {
    const { start } = resolveModelSetup({ env: ENV, files: USER });
    expect(start).toEqual({
      provider: 'openai',
      model: 'gpt-4.1-mini',
      name: 'fast',
      baseURL: 'http://user-proxy/v1',
      apiKey: 'users-key',
      reason: '"defaultModel": "fast" in settings',
    });
  });

  it('yields to --model and WAVE_MODEL, which may name a configured model or be a plain model id', () => {
    expect(
      resolveModelSetup({ env: ENV, files: USER, explicit: { model: 'local' } }).start,
    ).toMatchObject({
      name: 'local',
      model: 'qwen',
      baseURL: 'http://localhost:11434/v1',
      apiKey: 'local-key',
      reason: '--model local',
    });
    const plain = resolveModelSetup({ env: { ...ENV, WAVE_MODEL: 'gpt-5' }, files: USER }).start;
    expect(plain).toMatchObject({
      model: 'gpt-5',
      baseURL: 'http://user-proxy/v1',
      apiKey: 'users-key',
    });
    expect(plain.name).toBe('gpt-5');
    expect(
      resolveModelSetup({ env: { ...ENV, WAVE_MODEL: 'claude' }, files: USER }).start,
    ).toMatchObject({ name: 'claude', provider: 'anthropic', apiKey: 'anthropic-key' });
  });

  it('--provider or --base-url typed for this run start with that endpoint, not defaultModel', () => {
    const { start } = resolveModelSetup({
      env: ENV,
      files: USER,
      explicit: { baseURL: 'http://flag/v1' },
    });
    expect(start).toMatchObject({ name: 'gpt-4.1', model: 'gpt-4.1', baseURL: 'http://flag/v1' });
    // The environment is standing configuration: it sets the top-level endpoint, defaultModel still picks.
    expect(
      resolveModelSetup({ env: { ...ENV, WAVE_BASE_URL: 'http://env/v1' }, files: USER }).start,
    ).toMatchObject({ name: 'fast', baseURL: 'http://env/v1' });
  });

  it('without defaultModel: a top-level model that names a configured model picks it', () => {
    const { defaultModel: _default, ...files } = USER;
    expect(
      resolveModelSetup({ env: ENV, files: { ...files, model: 'local' } }).start,
    ).toMatchObject({
      name: 'local',
      reason: '"model": "local" in settings',
    });
  });

  it('with configured models and no provider anywhere: the first one, not the offline demo', () => {
    const { start, catalog } = resolveModelSetup({
      env: { FAST_KEY: 'k' },
      files: {
        models: {
          a: { provider: 'openai', model: 'm', baseURL: 'http://a/v1', apiKeyEnv: 'FAST_KEY' },
        },
      },
    });
    expect(start).toMatchObject({ name: 'a', provider: 'openai', apiKey: 'k' });
    expect(start.reason).toMatch(/first configured model.*defaultModel/);
    expect(catalog.listed().map((model) => model.name)).toEqual(['a']);
  });
});

describe('where a configured model sends requests, and which key', () => {
  const { catalog } = resolveModelSetup({ env: ENV, files: USER });

  it('its own baseURL: only the key in its apiKeyEnv, never the user\u2019s', () => {
    expect(catalog.resolve('local')).toMatchObject({
      apiKey: 'local-key',
      contextWindow: 32_000,
      maxOutputTokens: 2048,
    });
    const keyless = catalog.resolve('keyless');
    expect(keyless).toMatchObject({ baseURL: 'http://localhost:8080/v1' });
    expect(keyless?.apiKey).toBeUndefined();
  });

  it('another provider without a baseURL: its own endpoint and standard key, not the user\u2019s', () => {
    const claude = catalog.resolve('claude');
    expect(claude).toMatchObject({ provider: 'anthropic', apiKey: 'anthropic-key' });
    expect(claude?.baseURL).toBeUndefined();
  });

  it('a key variable that is not set is a sentence naming it, when the model is used', () => {
    const { catalog: noKey } = resolveModelSetup({ env: {}, files: USER });
    expect(() => noKey.resolve('local')).toThrow(ConfigError);
    expect(() => noKey.resolve('local')).toThrow(/\$LOCAL_KEY, which is not set: set it/);
    expect(() => noKey.resolve('claude')).toThrow(
      /no key: set "apiKeyEnv" .*or set ANTHROPIC_API_KEY/,
    );
  });

  it('names no model that is not configured', () => {
    expect(catalog.resolve('gpt-4.1-nano')).toBeUndefined();
  });
});

describe('the list every host shows', () => {
  it('the top-level model first under its id, then the configured ones, with purpose marks and no keys', () => {
    const listed = resolveModelSetup({ env: ENV, files: USER }).catalog.listed();
    expect(listed).toEqual([
      { name: 'gpt-4.1', provider: 'openai', model: 'gpt-4.1', purposes: [] },
      { name: 'fast', provider: 'openai', model: 'gpt-4.1-mini', purposes: ['default', 'compact'] },
      { name: 'local', provider: 'openai', model: 'qwen', purposes: ['btw'] },
      { name: 'keyless', provider: 'openai', model: 'llama', purposes: [] },
      { name: 'claude', provider: 'anthropic', model: 'claude-haiku-4-5', purposes: [] },
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/users-key|local-key|anthropic-key|http/);
  });

  it('only the single model when none are configured, marked as the default', () => {
    const { start, catalog } = resolveModelSetup({
      env: { WAVE_PROVIDER: 'openai', WAVE_API_KEY: 'k' },
    });
    expect(start.name).toBe('gpt-4.1');
    expect(catalog.listed()).toEqual([
      { name: 'gpt-4.1', provider: 'openai', model: 'gpt-4.1', purposes: ['default'] },
    ]);
  });
});

describe('a configuration that cannot work', () => {
  it('a defaultModel or modelFor naming no configured model says which names exist', () => {
    expect(() => resolveModelSetup({ env: ENV, files: { ...USER, defaultModel: 'fsat' } })).toThrow(
      /"defaultModel" names "fsat", which is not a configured model. Use one of: fast, local, keyless, claude/,
    );
    expect(() =>
      resolveModelSetup({ env: ENV, files: { ...USER, modelFor: { subagent: 'nope' } } }),
    ).toThrow(/"modelFor.subagent" names "nope"/);
  });

  it('an unknown provider in an entry names the entry', () => {
    expect(() =>
      resolveModelSetup({ env: ENV, files: { models: { g: { provider: 'gemini', model: 'x' } } } }),
    ).toThrow(/"g" names an unknown provider "gemini"/);
  });

  it('a broken top-level configuration does not matter while a configured model is used', () => {
    const setup = resolveModelSetup({
      env: { LOCAL_KEY: 'local-key', WAVE_PROVIDER: 'anthropic' },
      files: { models: USER.models, defaultModel: 'local' },
    });
    expect(setup.start).toMatchObject({ name: 'local' });
    expect(setup.catalog.listed().map((model) => model.name)).not.toContain('claude-sonnet-4-5');
    expect(() => resolveModelSetup({ env: { WAVE_PROVIDER: 'anthropic' } })).toThrow(
      /needs an API key/,
    );
  });
});
