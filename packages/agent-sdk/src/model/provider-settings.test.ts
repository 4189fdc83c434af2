import { describe, expect, it } from 'vitest';
import { ConfigError, describeProvider, resolveProvider } from './provider-settings.js';

describe('resolveProvider', () => {
  it('falls back to the offline demo when nothing is configured, and says why', () => {
    const resolved = resolveProvider({ env: {} });
    expect(resolved).toMatchObject({ provider: 'demo', reason: 'no model is configured' });
    expect(describeProvider(resolved)).toMatch(/demo .*no model is configured/);
  });

  it('picks a provider from the standard API key variables', () => {
    expect(resolveProvider({ env: { ANTHROPIC_API_KEY: 'a' } })).toMatchObject({
      provider: 'anthropic',
      apiKey: 'a',
    });
    expect(resolveProvider({ env: { OPENAI_API_KEY: 'o' } })).toMatchObject({
      provider: 'openai',
      apiKey: 'o',
    });
  });

  it('orders sources: flags over env over settings files', () => {
    const env = {
      WAVE_PROVIDER: 'openai',
      WAVE_MODEL: 'env-model',
      WAVE_API_KEY: 'k',
      OPENAI_BASE_URL: 'http://std/v1',
    };
    const files = { provider: 'anthropic', model: 'file-model', baseURL: 'http://file' };
    expect(resolveProvider({ env, files })).toMatchObject({
      provider: 'openai',
      model: 'env-model',
      baseURL: 'http://std/v1',
    });
    expect(
      resolveProvider({ env, files, explicit: { model: 'flag-model', baseURL: 'http://flag/v1' } }),
    ).toMatchObject({
      model: 'flag-model',
      baseURL: 'http://flag/v1',
    });
    expect(resolveProvider({ env: { ANTHROPIC_API_KEY: 'x' }, files })).toMatchObject({
      provider: 'anthropic',
      model: 'file-model',
    });
  });

  it('WAVE_* variables win over the standard ones', () => {
    const env = {
      WAVE_PROVIDER: 'anthropic',
      WAVE_API_KEY: 'wave',
      ANTHROPIC_API_KEY: 'std',
      ANTHROPIC_MODEL: 'm1',
      WAVE_MODEL: 'm2',
    };
    expect(resolveProvider({ env })).toMatchObject({ apiKey: 'wave', model: 'm2' });
  });

  it('rejects an unknown provider with a sentence that lists the right ones', () => {
    expect(() => resolveProvider({ env: { WAVE_PROVIDER: 'gemini' } })).toThrow(ConfigError);
    expect(() => resolveProvider({ env: { WAVE_PROVIDER: 'gemini' } })).toThrow(
      /Unknown provider "gemini".*anthropic, openai, google, vertex, bedrock, demo/,
    );
  });

  it('asks for a key when a hosted provider has none; a local OpenAI-compatible server needs none', () => {
    expect(() => resolveProvider({ env: { WAVE_PROVIDER: 'anthropic' } })).toThrow(
      /ANTHROPIC_API_KEY/,
    );
    expect(() => resolveProvider({ env: { WAVE_PROVIDER: 'openai' } })).toThrow(/OPENAI_API_KEY/);
    expect(
      resolveProvider({
        env: { WAVE_PROVIDER: 'openai', WAVE_BASE_URL: 'http://localhost:11434/v1' },
      }),
    ).toMatchObject({
      provider: 'openai',
    });
  });
});
