// A server's last words, from what real programs print when they fail: Node's report of an
// uncaught error (its stack and version banner after the message), a missing module, and a
// program that only logs before it exits.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lastMeaningfulWords, StderrTail } from './stderr-tail.js';

function stderrOf(script: string): string {
  return spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stderr;
}

describe("a failed server's last words on stderr", () => {
  it('are the thrown error’s message, not Node’s version banner', () => {
    const text = stderrOf(
      'console.error("notes: starting"); throw new Error("notes: cannot open the database at /nowhere")',
    );
    expect(text).toMatch(/Node\.js v\d+/);
    expect(lastMeaningfulWords(text)).toBe('Error: notes: cannot open the database at /nowhere');
  });

  it('name the error’s kind and code when Node gives them', () => {
    const text = spawnSync(process.execPath, ['/wave-test-no-such-server.js'], {
      encoding: 'utf8',
    }).stderr;
    expect(lastMeaningfulWords(text)).toBe(
      "Error: Cannot find module '/wave-test-no-such-server.js'",
    );
  });

  it('are the last lines of a program that logs and exits, less blank lines', () => {
    const text = stderrOf(
      'console.error("starting"); console.error("one"); console.error("two\\n"); console.error("NOTES_DIR is not set"); console.error(""); process.exit(3)',
    );
    const tail = new StderrTail();
    tail.append(text);
    expect(tail.said()).toBe('; its last words on stderr: one / two / NOTES_DIR is not set');
  });

  it('are nothing for a program that said nothing', () => {
    const tail = new StderrTail();
    tail.append('\n\n');
    expect(tail.said()).toBe('');
  });
});
