// How a host starts `wave --stdio`: a JavaScript program runs on the host's own Node (Electron in
// Node mode), any other program as it is, each with `--stdio` and the host's environment; a path
// that is relative or names no file is said before anything runs.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWaveProgram, waveStdioCommand } from './wave-stdio-command.js';

const dir = mkdtempSync(join(tmpdir(), 'wave-stdio-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a chosen command and returns what the program saw: its arguments and its Node mode. */
function run(command: { command: string; args: readonly string[]; env: NodeJS.ProcessEnv }) {
  const ran = spawnSync(command.command, [...command.args], { env: command.env, encoding: 'utf8' });
  return ran.stdout.trim();
}

describe('the command that starts wave --stdio', () => {
  it('runs a JavaScript program on the host’s Node in Node mode, with --stdio and the env given', () => {
    const script = join(dir, 'wave.mjs');
    writeFileSync(
      script,
      'console.log(JSON.stringify([process.argv.slice(2), process.env.ELECTRON_RUN_AS_NODE, process.env.WAVE_MODEL]));\n',
    );
    const command = waveStdioCommand({
      program: script,
      execPath: process.execPath,
      env: { PATH: process.env.PATH, WAVE_MODEL: 'm1' },
    });
    expect(command.command).toBe(process.execPath);
    expect(run(command)).toBe(JSON.stringify([['--stdio'], '1', 'm1']));
  });

  it('runs any other program as it is, in the environment given and nothing else', () => {
    const program = join(dir, 'wave');
    writeFileSync(program, '#!/bin/sh\necho "$* ${ELECTRON_RUN_AS_NODE:-plain} $WAVE_MODEL"\n');
    chmodSync(program, 0o755);
    const command = waveStdioCommand({
      program,
      execPath: '/not/used',
      env: { WAVE_MODEL: 'm2' },
    });
    expect(command).toEqual({ command: program, args: ['--stdio'], env: { WAVE_MODEL: 'm2' } });
    expect(run(command)).toBe('--stdio plain m2');
  });

  it('finds a relative path, a missing file and a folder unfit to run', () => {
    expect(checkWaveProgram('bin/wave')).toBe('not-absolute');
    expect(checkWaveProgram(join(dir, 'nothing-here'))).toBe('missing');
    expect(checkWaveProgram(dir)).toBe('missing');
    writeFileSync(join(dir, 'present'), '');
    expect(checkWaveProgram(join(dir, 'present'))).toBeUndefined();
  });
});
