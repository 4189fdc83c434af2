import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { rememberTrust } from '@wave-agent/agent-sdk';
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

  it('says when there are no settings files at all, no plugins, and whether the folder is trusted', async () => {
    const empty = realpathSync(folder());
    const doctor = hostCommands({ workdir: empty, waveHome: empty, claudeHome: empty });
    expect(await doctor({ name: 'doctor', args: '' })).toEqual({
      message: [
        '✓ Settings  no settings files (the defaults)',
        '✓ Plugins   none on',
        `· Trust     ${empty} is not trusted: what its files turn on (rules that allow, hooks, MCP servers, a status line) waits for your yes; \`wave trust\` in it trusts it`,
      ].join('\n'),
      level: 'info',
    });
    await rememberTrust(empty, empty, []);
    const trusted = await doctor({ name: 'doctor', args: '' });
    expect(trusted === false ? '' : trusted?.message).toContain(`✓ Trust     ${empty} is trusted`);
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
