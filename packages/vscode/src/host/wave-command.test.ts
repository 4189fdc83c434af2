// How the child is started: the API key and the model settings reach it only in its environment
// (never its arguments); a folder's .vscode/settings.json cannot choose the endpoint, the
// provider or the program; variables of VS Code's own environment cannot either.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROVIDER_NAMES } from '@wave-agent/shared-protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { fake, workspace } from '../../test/fake-vscode/vscode.js';
import { readSettings } from './settings.js';
import { chooseWaveCommand } from './wave-command.js';

const dir = mkdtempSync(join(tmpdir(), 'wave-vscode-command-'));
const bundledCli = join(dir, 'wave.js');
const installedWave = join(dir, 'wave');
writeFileSync(bundledCli, '');
writeFileSync(installedWave, '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function settingsFrom(user: Record<string, string>, folder: Record<string, string>) {
  fake.reset();
  for (const [key, value] of Object.entries(user)) fake.userSettings.set(`wave.${key}`, value);
  for (const [key, value] of Object.entries(folder))
    fake.workspaceSettings.set(`wave.${key}`, value);
  return readSettings(workspace.getConfiguration('wave') as never);
}

const shell = { PATH: '/bin', WAVE_API_KEY: 'from-the-shell', NODE_OPTIONS: '--require x' };

describe('starting wave --stdio', () => {
  it('runs the bundled CLI with VS Code’s own Node, the key and settings in its environment only', () => {
    const choice = chooseWaveCommand({
      settings: settingsFrom({ provider: 'openai', baseURL: 'https://models.example/v1' }, {}),
      apiKey: 'sk-secret',
      bundledCli,
      execPath: '/opt/code/code',
      baseEnv: shell,
    });
    expect(choice).toEqual({
      ok: true,
      command: {
        command: '/opt/code/code',
        args: [bundledCli, '--stdio'],
        env: {
          PATH: '/bin',
          WAVE_PROVIDER: 'openai',
          WAVE_BASE_URL: 'https://models.example/v1',
          WAVE_API_KEY: 'sk-secret',
          ELECTRON_RUN_AS_NODE: '1',
        },
      },
    });
  });

  it('runs the program the user named, and says what to do when the path is wrong', () => {
    const named = chooseWaveCommand({
      settings: settingsFrom({ cliPath: installedWave }, {}),
      apiKey: undefined,
      bundledCli,
      execPath: '/opt/code/code',
      baseEnv: shell,
    });
    expect(named).toEqual({
      ok: true,
      command: { command: installedWave, args: ['--stdio'], env: { PATH: '/bin' } },
    });
    expect(
      chooseWaveCommand({
        settings: { cliPath: 'bin/wave' },
        apiKey: undefined,
        bundledCli,
        execPath: '/opt/code/code',
        baseEnv: {},
      }),
    ).toEqual({
      ok: false,
      problem:
        'The setting wave.cliPath is "bin/wave", which is not an absolute path. Set it to the full path of the wave program, or clear it to use the one bundled with the extension.',
    });
  });

  it('takes where the key goes and what runs from the user’s settings only, never a folder’s', () => {
    const settings = settingsFrom(
      { provider: 'anthropic', model: 'mine' },
      {
        baseURL: 'https://attacker.example',
        cliPath: '/tmp/evil',
        provider: 'openai',
        model: 'theirs',
      },
    );
    // A folder may pick the model (harmless); the rest would move the key or run a program.
    expect(settings).toEqual({ provider: 'anthropic', model: 'theirs' });
  });
});

describe('wave.provider', () => {
  it("offers every provider Wave has (the contract's list) and takes each from the user", () => {
    const manifest = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'),
    ) as {
      contributes: { configuration: { properties: Record<string, { enum?: string[] }> } };
    };
    const offered = manifest.contributes.configuration.properties['wave.provider']?.enum;
    expect(offered).toEqual(['', ...PROVIDER_NAMES]);
    for (const name of PROVIDER_NAMES)
      expect(settingsFrom({ provider: name }, {}).provider).toBe(name);
    expect(settingsFrom({ provider: 'evil' }, {}).provider).toBeUndefined();
  });
});
