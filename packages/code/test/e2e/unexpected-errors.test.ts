// An error Wave knows nothing of (a bug; src/test-support/inject-fault.cjs stands in for one) is
// one sentence on stderr that says what happened and how to see where (WAVE_DEBUG=1), never a
// stack trace: from a command (runCli), and from an error that escapes every caller while the
// terminal UI runs (thrown in a callback, or a rejection no one awaited), where Node would print
// its whole trace, and from a render of the terminal UI, where Ink would draw its error overview
// (the stack and a code excerpt). With WAVE_DEBUG=1 the trace is there. (The published bin's trace names the
// TypeScript sources: published-bin.test.ts.)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2eFixture } from './e2e-fixture.js';
import { FAULT_NAME, FAULT_NODE_ARGS, STACK_FRAME } from '../../src/test-support/injected-fault.js';
import { cleanEnv, runWave } from './wave-process.js';
import { providerEnv, startMock } from './mock-model.js';
import { startWaveTerminal } from './wave-terminal.js';

const fx = useE2eFixture();

const BUG_LINE =
  /^wave: internal error \(a bug in Wave\): injected fault [^\n]*\. Run the command again with WAVE_DEBUG=1 to see where it happened, and report it with that trace at the project's issue tracker\.\n$/;

function trustFaultyFolder(env: Record<string, string> = {}) {
  mkdirSync(join(fx.work.path, FAULT_NAME));
  return runWave(['trust', FAULT_NAME], {
    cwd: fx.work.path,
    env: cleanEnv({ WAVE_HOME: fx.home.path, ...env }),
    launch: { nodeArgs: FAULT_NODE_ARGS },
  });
}

describe('a bug met by a command', () => {
  it('is one sentence saying how to see where, with no stack trace, and exit 1', async () => {
    const run = await trustFaultyFolder();
    expect(run.stderr).toMatch(BUG_LINE);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(1);
  });

  it('shows its trace with WAVE_DEBUG=1', async () => {
    const run = await trustFaultyFolder({ WAVE_DEBUG: '1' });
    expect(run.stderr).toMatch(/^wave: internal error \(a bug in Wave\): injected fault/);
    expect(run.stderr).toMatch(/\n\s+at folderOf \([^\n]*trust-command\.ts:\d+:\d+\)/);
    expect(run.code).toBe(1);
  });
});

describe('a bug that escapes every caller while the terminal UI runs', () => {
  for (const kind of ['exception', 'rejection'] as const) {
    it(`(an uncaught ${kind}) ends wave with one sentence, not a stack trace`, async () => {
      const terminal = await startWaveTerminal({
        env: { NODE_OPTIONS: FAULT_NODE_ARGS.join(' '), WAVE_FAULT: kind },
        waveHome: fx.home.path,
        cwd: fx.work.path,
      });
      fx.terminal = terminal;
      terminal.signal('SIGUSR2');
      const exit = await terminal.exited(15_000);
      expect(exit.exitCode).toBe(1);
      const text = terminal.text();
      expect(text.replace(/\s*\n\s*/g, ' ')).toContain(
        'wave: internal error (a bug in Wave): injected fault escaping to the event loop. Run the command again with WAVE_DEBUG=1',
      );
      expect(text).not.toMatch(STACK_FRAME);
    });
  }
});

describe('a bug in a render of the terminal UI', () => {
  it('ends wave with one sentence, not an error overview with the stack', async () => {
    fx.mock = await startMock({
      name: 'render-fault',
      turns: [{ reply: [{ type: 'text', text: 'A reply.' }] }],
    });
    const terminal = await startWaveTerminal({
      env: {
        ...providerEnv('anthropic', fx.mock.url),
        NODE_OPTIONS: FAULT_NODE_ARGS.join(' '),
        WAVE_FAULT: 'render',
      },
      waveHome: fx.home.path,
      cwd: fx.work.path,
    });
    fx.terminal = terminal;
    terminal.signal('SIGUSR2');
    // The turn changes the status line, which then renders again.
    terminal.write('hello\r');
    const exit = await terminal.exited(15_000);
    const text = terminal.text();
    expect(text.replace(/\s*\n\s*/g, ' ')).toContain(
      'wave: internal error (a bug in Wave): injected fault in a render. Run the command again with WAVE_DEBUG=1',
    );
    expect(text).not.toMatch(STACK_FRAME);
    expect(text).not.toContain('status-text');
    expect(exit.exitCode).toBe(1);
  });
});
