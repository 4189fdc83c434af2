// The pty helper itself: it must see everything a program printed, including what scrolled
// off the screen, or the word-count tests built on it would prove nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { PtyTerminal } from './terminal.js';
import { cleanEnv } from './wave-process.js';

let terminal: PtyTerminal | undefined;

afterEach(async () => {
  await terminal?.dispose();
  terminal = undefined;
});

function node(script: string, cols = 40, rows = 10): PtyTerminal {
  return new PtyTerminal({
    file: process.execPath,
    args: ['-e', script],
    cwd: process.cwd(),
    env: cleanEnv({ TERM: 'xterm-256color' }),
    cols,
    rows,
  });
}

describe('PtyTerminal', () => {
  it('reads scrollback and screen, joining soft-wrapped rows', async () => {
    terminal = node(
      'for (let i = 1; i <= 300; i++) console.log("line " + i); console.log("x".repeat(100));',
    );
    expect(await terminal.exited()).toEqual({ exitCode: 0 });
    const lines = terminal.lines();
    expect(lines.slice(0, 300)).toEqual(Array.from({ length: 300 }, (_, i) => `line ${i + 1}`));
    expect(lines[300]).toBe('x'.repeat(100));
    expect(terminal.screen()).not.toContain('line 1\n');
  });

  it('passes keys to the program and reports its size changes', async () => {
    terminal = node(
      `process.stdin.setRawMode(true);
       process.stdout.on('resize', () => console.log('size ' + process.stdout.columns));
       process.stdin.on('data', (d) => { if (String(d) === 'q') process.exit(3); console.log('got ' + JSON.stringify(String(d))); });
       console.log('ready');`,
    );
    await terminal.waitFor('ready');
    terminal.write('a');
    await terminal.waitFor('got "a"');
    await terminal.resize(60);
    await terminal.waitFor('size 60');
    terminal.write('q');
    expect(await terminal.exited()).toEqual({ exitCode: 3 });
  });

  it('gives up waiting after the timeout and shows the screen', async () => {
    terminal = node('console.log("hello"); setTimeout(() => {}, 5000);');
    await expect(terminal.waitFor('never shown', 300)).rejects.toThrow(
      /did not show never shown within 300 ms[\s\S]*hello/,
    );
  });
});
