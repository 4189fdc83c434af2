// Which Bedrock model, region and credentials a configuration gives: Claude Code's switch
// (CLAUDE_CODE_USE_BEDROCK) and endpoint variable, a region from the entry or AWS's variables (a
// sentence without one), the Bedrock API key only from AWS_BEARER_TOKEN_BEDROCK or the entry's
// `apiKeyEnv` — never another provider's key.
import { describe, expect, it } from 'vitest';
import { resolveEntry } from '../model-entry.js';
import { ConfigError, resolveProvider } from '../provider-settings.js';

describe('Claude on Bedrock, configured', () => {
  it("is chosen by Claude Code's CLAUDE_CODE_USE_BEDROCK, with its default model and the environment's region and keys", () => {
    const resolved = resolveProvider({
      env: {
        CLAUDE_CODE_USE_BEDROCK: '1',
        ANTHROPIC_API_KEY: 'an-anthropic-key',
        AWS_DEFAULT_REGION: 'eu-central-1',
        AWS_ACCESS_KEY_ID: 'AKIA1',
        AWS_SECRET_ACCESS_KEY: 'secret',
        AWS_SESSION_TOKEN: 'token',
        ANTHROPIC_BEDROCK_BASE_URL: 'https://bedrock.proxy.example',
      },
    });
    expect(resolved).toEqual({
      provider: 'bedrock',
      model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      bedrock: {
        region: 'eu-central-1',
        keys: { accessKeyId: 'AKIA1', secretAccessKey: 'secret', sessionToken: 'token' },
      },
      baseURL: 'https://bedrock.proxy.example',
      reason: 'CLAUDE_CODE_USE_BEDROCK=1',
    });
  });

  it('takes AWS_REGION over AWS_DEFAULT_REGION, the profile and its files, and the Bedrock API key, but never WAVE_API_KEY', () => {
    const resolved = resolveProvider({
      explicit: { provider: 'bedrock', model: 'global.anthropic.claude-opus-4-6-v1', apiKey: 'x' },
      env: {
        WAVE_API_KEY: 'wave-key',
        AWS_REGION: 'us-west-2',
        AWS_DEFAULT_REGION: 'eu-central-1',
        AWS_PROFILE: 'work',
        AWS_SHARED_CREDENTIALS_FILE: '/c',
        AWS_CONFIG_FILE: '/f',
        AWS_BEARER_TOKEN_BEDROCK: 'bedrock-key',
      },
    });
    expect(resolved).toMatchObject({
      model: 'global.anthropic.claude-opus-4-6-v1',
      apiKey: 'bedrock-key',
      bedrock: { region: 'us-west-2', profile: 'work', credentialsFile: '/c', configFile: '/f' },
    });
    expect(
      resolveProvider({
        env: { WAVE_PROVIDER: 'bedrock', AWS_REGION: 'us-east-1', WAVE_API_KEY: 'k' },
      }),
    ).not.toHaveProperty('apiKey');
  });

  it('says to set a region when none is given', () => {
    const resolve = () => resolveProvider({ env: { WAVE_PROVIDER: 'bedrock' } });
    expect(resolve).toThrow(ConfigError);
    expect(resolve).toThrow(
      'Claude on Bedrock needs an AWS region: set AWS_REGION (e.g. us-east-1), or "region" on the model\'s entry in your settings.',
    );
  });

  it('a configured model: its own region, and its key from apiKeyEnv (a sentence when that is unset)', () => {
    const env = { AWS_REGION: 'us-east-1', TEAM_BEDROCK_KEY: 'team-key' };
    const entry = {
      provider: 'bedrock',
      model: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
      region: 'ap-south-1',
    };
    expect(resolveEntry('haiku', entry, undefined, env)).toMatchObject({
      provider: 'bedrock',
      model: entry.model,
      bedrock: { region: 'ap-south-1' },
    });
    expect(resolveEntry('haiku', entry, undefined, env)).not.toHaveProperty('apiKey');
    expect(
      resolveEntry('haiku', { ...entry, apiKeyEnv: 'TEAM_BEDROCK_KEY' }, undefined, env),
    ).toMatchObject({ apiKey: 'team-key' });
    expect(() =>
      resolveEntry('haiku', { ...entry, apiKeyEnv: 'NOT_SET_KEY' }, undefined, env),
    ).toThrow(
      'The configured model "haiku" reads its Bedrock API key from $NOT_SET_KEY, which is not set: set it, or remove "apiKeyEnv" of "haiku" to sign with your AWS credentials.',
    );
  });
});
