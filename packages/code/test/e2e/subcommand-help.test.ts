// Every command of wave answers --help and -h with its own usage on stdout and exit 0, whatever
// else is on the line: `wave trust --help` once was "Unknown option" (exit 2), `wave web --help`
// the whole of wave's help.
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { cleanEnv, runWave } from './wave-process.js';

const fx = useE2eFixture();

function wave(args: string[]) {
  return runWave(args, { cwd: fx.work.path, env: cleanEnv({ WAVE_HOME: fx.home.path }) });
}

/** Each command, the first line of its usage, and the flags its usage must describe. */
const COMMANDS = [
  { words: [], title: 'wave: ', flags: ['--print', '--stdio', '--acp', '--resume'] },
  { words: ['web'], title: 'wave web: ', flags: ['--port', '--host', '--no-open'] },
  { words: ['trust'], title: 'wave trust: ', flags: ['--list', '--revoke'] },
  { words: ['mcp'], title: 'wave mcp: ', flags: ['add-json', '--', 'reset-project-choices'] },
] as const;

describe('wave COMMAND --help', () => {
  for (const { words, title, flags } of COMMANDS) {
    for (const help of ['--help', '-h']) {
      it(`wave ${[...words, help].join(' ')} prints its usage and exits 0`, async () => {
        const run = await wave([...words, help]);
        // (The dev launcher may say on stderr that it builds the chat UI for wave web.)
        expect(run.stderr).not.toMatch(/^wave: /m);
        expect(run.code).toBe(0);
        expect(run.stdout.startsWith(title)).toBe(true);
        expect(run.stdout).toContain('Usage:');
        for (const flag of flags) expect(run.stdout).toContain(flag);
      });
    }
  }

  it('answers --help before checking the rest of the line, and does nothing else', async () => {
    const trust = await wave(['trust', '--list', '--help']);
    expect(trust.code).toBe(0);
    expect(trust.stdout.startsWith('wave trust: ')).toBe(true);
    expect(trust.stdout).not.toContain('No folder is trusted');
    const web = await wave(['web', '--no-open', '--port', '0', '-h']);
    expect(web.code).toBe(0);
    expect(web.stdout.startsWith('wave web: ')).toBe(true);
    expect(web.stdout).not.toContain('http://');
  });
});
