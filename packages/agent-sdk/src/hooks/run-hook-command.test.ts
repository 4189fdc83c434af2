import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHookCommand } from './run-hook-command.js';

const cwd = mkdtempSync(join(tmpdir(), 'hooks-run-'));

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const run = (command: string, extra: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
  runHookCommand({
    command,
    cwd,
    env: { PATH: process.env['PATH'], WAVE_PROJECT_DIR: cwd },
    input: '{"hook_event_name":"Stop"}',
    timeoutMs: extra.timeoutMs ?? 10_000,
    signal: extra.signal ?? new AbortController().signal,
  });

describe('runHookCommand', () => {
  it('gives the command its input on stdin, the env, the work folder, and returns both streams', async () => {
    const result = await run(
      'cat > in.json; echo "$WAVE_PROJECT_DIR $(pwd)"; echo oops >&2; exit 3',
    );
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe(`${cwd} ${cwd}\n`);
    expect(result.stderr).toBe('oops\n');
    expect(readFileSync(join(cwd, 'in.json'), 'utf8')).toBe('{"hook_event_name":"Stop"}');
  });

  it('ends the whole process group at the timeout and says so', async () => {
    const result = await run('sleep 30 & sleep 30; echo never', { timeoutMs: 300 });
    expect(result.ended).toBe('timeout');
    expect(result.stdout).toBe('');
    expect(result.pid).toBeDefined();
    await expect.poll(() => groupAlive(result.pid ?? 0), { timeout: 3000 }).toBe(false);
  });

  it('ends the whole process group on an abort', async () => {
    const controller = new AbortController();
    const started = run('trap "" TERM; sleep 30 & sleep 30', { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const result = await started;
    expect(result.ended).toBe('aborted');
    await expect.poll(() => groupAlive(result.pid ?? 0), { timeout: 3000 }).toBe(false);
  });

  it('bounds what it keeps of the output', async () => {
    const result = await run('head -c 200000 /dev/zero | tr "\\0" x');
    expect(result.stdout.length).toBeLessThan(65_000);
    expect(result.stdout).toMatch(/cut at 64000 characters/);
  });

  it('does not wait for a background process that holds its pipes', async () => {
    const started = Date.now();
    const result = await run('sleep 5 & echo done');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('done\n');
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
