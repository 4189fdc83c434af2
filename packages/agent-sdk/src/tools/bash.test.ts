import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KILL_GRACE_MS, LIVE_OUTPUT_CUT, bashTool, shortResultOf } from './bash.js';
import { formatCount } from './bounded-output.js';
import { runTool } from './run-tool.js';
import { contextFor, makeWorkdir, removeWorkdir } from './test-kit.js';
import type { ToolContext, ToolOutputUpdate } from './tool.js';

let workdir: string;
const startedPids: number[] = [];

beforeEach(async () => {
  workdir = await makeWorkdir();
});
afterEach(async () => {
  // A failing test must not leave its sleepers behind.
  for (const pid of startedPids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, as a passing test expects.
    }
  }
  await removeWorkdir(workdir);
});

/** Alive means running: a zombie (exited, not yet reaped by PID 1) counts as dead. */
function isRunning(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
}

async function waitUntilGone(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (!isRunning(pid)) return true;
    await sleep(50);
  }
  return false;
}

function childPid(output: string): number {
  const match = /child=(\d+)/.exec(output);
  if (!match?.[1]) throw new Error(`no child pid in: ${output}`);
  const pid = Number(match[1]);
  startedPids.push(pid);
  return pid;
}

function run(input: Record<string, unknown>, context: Partial<ToolContext> = {}) {
  return runTool(bashTool, input, contextFor(workdir, context));
}

describe('Bash', () => {
  it('runs the command in the workdir and returns its output', async () => {
    const result = await run({ command: 'pwd; echo hello' });
    expect(result).toEqual({ output: `${workdir}\nhello` });
  });

  it('merges stdout and stderr in the order they were written', async () => {
    const result = await run({ command: 'echo out1; echo err1 >&2; echo out2' });
    expect(result.output).toBe('out1\nerr1\nout2');
  });

  it('reports a non-zero exit code and marks the result as an error', async () => {
    const result = await run({ command: 'echo failing; exit 2' });
    expect(result).toEqual({ isError: true, output: 'failing\n\nExit code 2' });
  });

  it('says so when there is no output', async () => {
    expect(await run({ command: 'true' })).toEqual({ output: '(no output)' });
  });

  it('closes stdin, so a command reading input sees end-of-file instead of hanging', async () => {
    const result = await run({
      command: 'if read line; then echo "got $line"; else echo "eof"; fi',
    });
    expect(result.output).toBe('eof');
  });

  it('streams output as it arrives, with the last five lines as the short result', async () => {
    const updates: ToolOutputUpdate[] = [];
    const result = await run(
      { command: 'for i in 1 2 3 4 5 6 7; do echo line$i; sleep 0.02; done' },
      { onOutput: (update) => updates.push(update) },
    );
    expect(updates.length).toBeGreaterThan(1);
    expect(updates.map((update) => update.chunk).join('')).toBe(`${result.output}\n`);
    expect(updates.at(-1)?.shortResult).toBe('line3\nline4\nline5\nline6\nline7');
  });

  it('streams the first 30,000 characters live, then the last lines alone: the output of a long command is not kept twice over', async () => {
    const updates: ToolOutputUpdate[] = [];
    const result = await run(
      { command: 'seq 1 100000' },
      { onOutput: (update) => updates.push(update) },
    );
    const live = updates.map((update) => update.chunk).join('');
    const full = `${Array.from({ length: 100_000 }, (_, index) => index + 1).join('\n')}\n`;
    expect(live).toBe(`${full.slice(0, 30_000)}\n${LIVE_OUTPUT_CUT}\n`);
    expect(updates.at(-1)?.shortResult).toBe('99996\n99997\n99998\n99999\n100000');
    expect(result.output).toContain('99999\n100000\n\nOutput was cut');
  });

  it('keeps a multi-byte character split across two reads intact', async () => {
    const chunks: string[] = [];
    // 中 is E4 B8 AD; the sleep makes its bytes arrive in two separate reads.
    const result = await run(
      { command: "printf '\\xe4\\xb8'; sleep 0.3; printf '\\xad!\\n'" },
      { onOutput: (update) => chunks.push(update.chunk) },
    );
    expect(result.output).toBe('中!');
    expect(chunks.join('')).not.toContain('\ufffd');
  });

  it('keeps the head and tail of long output and says how much was cut', async () => {
    const result = await run({ command: 'seq 1 100000' });
    const full = `${Array.from({ length: 100_000 }, (_, index) => index + 1).join('\n')}\n`;
    const cutChars = full.length - 30_000;
    const cutLines = full.slice(15_000, full.length - 15_000).split('\n').length - 1;
    expect(result.output.startsWith('1\n2\n3\n')).toBe(true);
    expect(result.output).toContain(
      `[... ${formatCount(cutChars)} characters (${formatCount(cutLines)} lines) cut from the middle of this output ...]`,
    );
    expect(result.output).toContain('99999\n100000\n\nOutput was cut');
    expect(result.isError).toBeUndefined();
  });

  it('on timeout, stops the whole process group, background children included', async () => {
    const result = await run({ command: 'sleep 30 & echo child=$!; wait', timeout: 300 });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('Command timed out after 300 ms');
    expect(await waitUntilGone(childPid(result.output))).toBe(true);
  });

  it('on abort, stops the whole process group, background children included', async () => {
    const controller = new AbortController();
    const result = await run(
      { command: 'sleep 30 & echo child=$!; wait' },
      {
        signal: controller.signal,
        onOutput: (update) => {
          if (update.chunk.includes('child=')) controller.abort();
        },
      },
    );
    expect(result.isError).toBe(true);
    expect(result.output).toContain('Command aborted by the user');
    expect(await waitUntilGone(childPid(result.output))).toBe(true);
  });

  it(`kills processes that ignore SIGTERM with SIGKILL after ${KILL_GRACE_MS} ms`, async () => {
    const result = await run({
      command: "trap '' TERM; sleep 30 & echo child=$!; wait",
      timeout: 200,
    });
    expect(result.output).toContain('timed out');
    expect(await waitUntilGone(childPid(result.output))).toBe(true);
  });

  it('returns when the shell exits even if a background process keeps the output open', async () => {
    const result = await run({ command: 'sleep 30 & echo child=$!' });
    const pid = childPid(result.output);
    expect(isRunning(pid)).toBe(true);
    expect(result.output).toContain('still running');
    expect(result.output).toMatch(/kill -- -\d+/);
  });

  it('does not start when the turn is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await bashTool.execute(
      { command: 'touch ran' },
      contextFor(workdir, { signal: controller.signal }),
    );
    expect(result.isError).toBe(true);
    expect(result.output).toContain('not run');
  });

  it('says what to do when bash cannot start in the workdir', async () => {
    const result = await runTool(bashTool, { command: 'true' }, contextFor(`${workdir}/missing`));
    expect(result.isError).toBe(true);
    expect(result.output).toContain('Check that the working directory exists');
  });

  it('refuses a timeout over the maximum, naming the field', async () => {
    const result = await run({ command: 'true', timeout: 700_000 });
    expect(result.isError).toBe(true);
    expect(result.output).toContain('- timeout:');
  });

  it('summarizes the command as its first line, cut to 60 characters', () => {
    expect(bashTool.compact({ command: 'npm test' })).toBe('npm test');
    expect(bashTool.compact({ command: 'cd src\nmake' })).toBe('cd src …');
    expect(bashTool.compact({ command: `echo ${'x'.repeat(100)}` })).toBe(
      `echo ${'x'.repeat(54)}…`,
    );
    expect(bashTool.compact({ description: 'streaming' })).toBeUndefined();
  });
});

describe('shortResultOf', () => {
  it('keeps the last five lines, each capped, showing only the last redraw of a progress line', () => {
    const text = `one\ntwo\nthree\nfour\n10%\r50%\r100%\n${'z'.repeat(300)}\nend\n`;
    const short = shortResultOf(text).split('\n');
    expect(short).toHaveLength(5);
    expect(short[0]).toBe('three');
    expect(short[2]).toBe('100%');
    expect(short[3]).toBe(`${'z'.repeat(200)}... [line truncated: 100 more characters]`);
    expect(short[4]).toBe('end');
  });
});
