import { resolveProvider, stderrLogger } from '@wave-agent/agent-sdk';
import { describe, expect, it } from 'vitest';
import type { WaveSettings } from '../settings/settings-schema.js';
import { agentOptions } from './agent-options.js';
import { parseCliArgs } from './parse-cli-args.js';

function resolved(argv: string[], env: Record<string, string>, settings: WaveSettings) {
  const options = agentOptions({
    cli: parseCliArgs(argv),
    settings,
    env,
    workdir: '/w',
    waveHome: '/h',
    logger: stderrLogger,
    origin: 'interactive',
  });
  return {
    options,
    provider: resolveProvider({ explicit: options, env, files: options.settings ?? {} }),
  };
}

describe('agentOptions', () => {
  const files: WaveSettings = {
    provider: 'openai',
    model: 'from-file',
    baseURL: 'http://file/v1',
    apiKey: 'file-key',
  };

  it('uses the settings files when nothing else is set', () => {
    const { provider } = resolved([], {}, files);
    expect(provider).toMatchObject({
      provider: 'openai',
      model: 'from-file',
      baseURL: 'http://file/v1',
      apiKey: 'file-key',
    });
  });

  it('lets the environment override the files, and flags override the environment', () => {
    const env = { WAVE_MODEL: 'from-env', WAVE_BASE_URL: 'http://env/v1', WAVE_API_KEY: 'env-key' };
    expect(resolved([], env, files).provider).toMatchObject({
      model: 'from-env',
      baseURL: 'http://env/v1',
      apiKey: 'env-key',
    });
    const flags = [
      '--model',
      'from-flag',
      '--base-url',
      'http://flag/v1',
      '--api-key',
      'flag-key',
      '--provider',
      'anthropic',
    ];
    expect(resolved(flags, { ...env, WAVE_PROVIDER: 'openai' }, files).provider).toMatchObject({
      provider: 'anthropic',
      model: 'from-flag',
      baseURL: 'http://flag/v1',
      apiKey: 'flag-key',
      reason: '--provider anthropic',
    });
  });

  it('takes the permission mode from the flag, else the settings, else default', () => {
    expect(resolved([], {}, {}).options.permissionMode).toBe('default');
    expect(resolved([], {}, { permissionMode: 'plan' }).options.permissionMode).toBe('plan');
    expect(
      resolved(['--permission-mode', 'acceptEdits'], {}, { permissionMode: 'plan' }).options
        .permissionMode,
    ).toBe('acceptEdits');
  });

  it('takes the sandbox from the settings, and --sandbox / --no-sandbox over them', () => {
    const sandbox = { enabled: true, network: true, allowWrite: ['~/.npm'], allowRead: ['~/.aws'] };
    expect(resolved([], {}, { sandbox }).options.sandbox).toEqual(sandbox);
    expect(resolved(['--no-sandbox'], {}, { sandbox }).options.sandbox).toMatchObject({
      enabled: false,
    });
    expect(resolved(['--sandbox'], {}, {}).options.sandbox).toEqual({
      enabled: true,
      network: false,
      allowWrite: [],
      allowRead: [],
    });
    // Nothing said: on by default (where Wave has a sandbox), marked so, unless the variable says off.
    const byDefault = process.platform === 'linux' || process.platform === 'darwin';
    expect(resolved([], {}, {}).options.sandbox).toMatchObject({ enabled: byDefault });
    expect(resolved([], {}, {}).options.sandbox?.byDefault).toBe(true);
    expect(resolved([], { WAVE_SANDBOX_DEFAULT: 'off' }, {}).options.sandbox).toMatchObject({
      enabled: false,
      byDefault: true,
    });
    expect(resolved([], {}, { sandbox }).options.sandbox?.byDefault).toBeUndefined();
  });

  it('passes allowedTools, maxTurns and WAVE_MAX_RETRIES on', () => {
    const { options } = resolved(
      ['--max-turns', '3'],
      { WAVE_MAX_RETRIES: '0' },
      { allowedTools: ['Bash'] },
    );
    expect(options).toMatchObject({
      allowedTools: ['Bash'],
      maxTurns: 3,
      retry: { maxRetries: 0 },
      workdir: '/w',
      waveHome: '/h',
    });
  });

  it('rejects a WAVE_MAX_RETRIES that is not a whole number', () => {
    expect(() => resolved([], { WAVE_MAX_RETRIES: 'many' }, {})).toThrow(
      'WAVE_MAX_RETRIES must be a whole number from 0 to 100, not "many". Fix or unset it.',
    );
  });
});
