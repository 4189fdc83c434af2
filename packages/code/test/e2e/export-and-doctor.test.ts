// /export and /doctor as a user meets them, in a real pseudo-terminal: a turn with a tool call,
// then /export FILE writes the conversation as Markdown (the prompt, the model's words, the tool
// call with its result's summary, a code fence the model left open closed), never over an
// existing file; /export --copy writes OSC 52 to the terminal; /doctor says what it found and
// each problem with its fix (here: an unknown key in the user's settings).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { providerEnv, startMock } from './mock-model.js';
import { KEYS } from './terminal.js';
import { startWaveTerminal, waitForTurnEnd } from './wave-terminal.js';

const fx = useE2eFixture();
const RUN_MS = 60_000;

const READ_THEN_ANSWER: Scenario = {
  name: 'read-then-answer',
  turns: [
    {
      match: { turnIndex: 0 },
      reply: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_call', name: 'Read', input: { file_path: 'notes.txt' } },
      ],
    },
    {
      match: { turnIndex: 1 },
      reply: [{ type: 'text', text: 'The notes say hello.\n\n```sh\necho unclosed' }],
    },
  ],
};

describe('/export and /doctor in the terminal', { timeout: RUN_MS }, () => {
  it('exports the turn as Markdown, refuses to overwrite, copies with OSC 52, and checks the setup', async () => {
    writeFileSync(join(fx.work.path, 'notes.txt'), 'hello from the notes\nsecond line\n');
    writeFileSync(join(fx.home.path, 'settings.json'), '{\n  "colour": "blue"\n}\n');
    fx.mock = await startMock(READ_THEN_ANSWER);
    const terminal = await startWaveTerminal({
      env: { ...providerEnv('anthropic', fx.mock.url), WAVE_MODEL: 'claude-sonnet-4-5' },
      waveHome: fx.home.path,
      cwd: fx.work.path,
      cols: 220,
      rows: 50,
    });
    fx.terminal = terminal;
    terminal.write('what do the notes say?');
    terminal.write(KEYS.enter);
    await waitForTurnEnd(terminal, (all) => all.includes('The notes say hello.'));

    terminal.write('/export out.md');
    terminal.write(KEYS.enter);
    const file = join(fx.work.path, 'out.md');
    await terminal.waitFor(`Exported the conversation as Markdown to ${file}`, 10_000, 'export');
    const markdown = readFileSync(file, 'utf8');
    expect(markdown).toContain('- Model: `anthropic claude-sonnet-4-5`');
    expect(markdown).toContain('## You\n\n> what do the notes say?');
    expect(markdown).toContain('## Wave\n\nLet me look.\n\n- **Read** `notes.txt`\n  → `');
    expect(markdown).toContain('The notes say hello.\n\n```sh\necho unclosed\n```\n');

    terminal.write('/export out.md');
    terminal.write(KEYS.enter);
    await terminal.waitFor(
      `${file} already exists; /export does not overwrite a file`,
      10_000,
      'the refusal to overwrite',
    );
    expect(readFileSync(file, 'utf8')).toBe(markdown);

    terminal.write('/export --copy');
    terminal.write(KEYS.enter);
    await terminal.waitFor("to the terminal's clipboard (OSC 52)", 10_000, 'the copy');
    // eslint-disable-next-line no-control-regex -- the sequence is made of control characters
    const copied = /\u001B\]52;c;([A-Za-z0-9+/=]+)\u0007/.exec(terminal.output);
    expect(copied, 'the OSC 52 sequence').not.toBeNull();
    expect(Buffer.from(copied![1]!, 'base64').toString('utf8')).toContain(
      '> what do the notes say?',
    );

    terminal.write('/doctor');
    terminal.write(KEYS.enter);
    const shown = await terminal.waitFor(/Each ✗ says what is wrong/, 15_000, 'the doctor');
    const report = shown.slice(shown.lastIndexOf('Wave doctor'));
    expect(report).toMatch(new RegExp(`✓ Node\\s+${process.versions.node.replaceAll('.', '\\.')}`));
    expect(report).toMatch(/[✓✗] git\s+/);
    expect(report).toMatch(/[✓✗·] Sandbox\s+/);
    expect(report).toMatch(
      /✓ Model\s+anthropic claude-sonnet-4-5 .*its API key is set \(never shown\)/,
    );
    expect(report).toMatch(/✓ MCP\s+no servers configured/);
    expect(report).toContain(`✓ Settings  read ${join(fx.home.path, 'settings.json')}`);
    expect(report).toMatch(
      /✗ Settings {2}a problem in a file\s+→ unknown setting "colour" at .*settings\.json:2:3 is ignored/,
    );
    expect(report).not.toContain('mock-key');
  });
});
