// Which wave the desktop app starts: the bundled CLI on Electron's Node, or the program WAVE_CLI
// names; a WAVE_CLI that cannot run is a sentence saying what to set, before anything starts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseWaveCommand } from './wave-command-line.js';

const dir = mkdtempSync(join(tmpdir(), 'wave-desktop-command-'));
const bundledCli = join(dir, 'wave.js');
writeFileSync(bundledCli, '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the wave the desktop app starts', () => {
  it('is the bundled CLI on Electron’s own Node, or the program WAVE_CLI names', () => {
    expect(
      chooseWaveCommand({ bundledCli, execPath: '/opt/Wave/wave', env: { HOME: '/h' } }),
    ).toEqual({
      ok: true,
      command: {
        command: '/opt/Wave/wave',
        args: [bundledCli, '--stdio'],
        env: { HOME: '/h', ELECTRON_RUN_AS_NODE: '1' },
      },
    });
    const own = join(dir, 'wave');
    writeFileSync(own, '');
    expect(
      chooseWaveCommand({ bundledCli, execPath: '/opt/Wave/wave', env: { WAVE_CLI: own } }),
    ).toEqual({ ok: true, command: { command: own, args: ['--stdio'], env: { WAVE_CLI: own } } });
  });

  it('says what to set when WAVE_CLI cannot run', () => {
    expect(
      chooseWaveCommand({ bundledCli, execPath: '/opt/Wave/wave', env: { WAVE_CLI: 'wave' } }),
    ).toEqual({
      ok: false,
      problem:
        'WAVE_CLI is "wave", which is not an absolute path: set it to the full path of a wave program, or unset it to use the one bundled with the app.',
    });
  });
});
