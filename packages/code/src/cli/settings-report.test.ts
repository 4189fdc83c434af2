import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostCommands } from './host-commands.js';
import { clipboardSequence } from './terminal-clipboard.js';

const made: string[] = [];
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'wave-doctor-'));
  made.push(path);
  return path;
}
afterEach(() => {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
});

describe("/doctor's settings report (the host reads the files)", () => {
  it('lists the files read and says what is wrong in one, with its line', async () => {
    const waveHome = folder();
    const workdir = folder();
    writeFileSync(join(waveHome, 'settings.json'), '{"model": "x"}\n');
    mkdirSync(join(workdir, '.wave'));
    writeFileSync(join(workdir, '.wave', 'settings.json'), '{\n  "model": "x",\n  "modle": 1\n}\n');
    const reply = await hostCommands({ workdir, waveHome, claudeHome: folder() })({
      name: 'doctor',
      args: '',
    });
    expect(reply).not.toBe(false);
    if (reply === false || reply === undefined) return;
    expect(reply.level).toBe('warning');
    expect(reply.message).toContain(
      `✓ Settings  read ${join(waveHome, 'settings.json')}, ${join(workdir, '.wave', 'settings.json')}`,
    );
    expect(reply.message).toContain(`✗ Settings  a problem in a file`);
    expect(reply.message).toContain(
      `    → unknown setting "modle" at ${join(workdir, '.wave', 'settings.json')}:3:3 is ignored.`,
    );
  });

  it('says when there are no settings files at all', async () => {
    const empty = folder();
    const reply = await hostCommands({ workdir: empty, waveHome: empty })({
      name: 'doctor',
      args: '',
    });
    expect(reply).toEqual({
      message: '✓ Settings  no settings files (the defaults)',
      level: 'info',
    });
  });
});

describe('/export --copy through the terminal', () => {
  it('is OSC 52 with the text in base64, and no clipboard without a terminal (ACP)', async () => {
    expect(clipboardSequence('# hi')).toBe('\u001B]52;c;IyBoaQ==\u0007');
    expect(
      await hostCommands({ workdir: '/nowhere', waveHome: '/nowhere' })({
        name: 'clipboard',
        args: 'x',
      }),
    ).toBe(false);
  });
});
