// Print mode when storage fails, as a user meets it: a WAVE_HOME wave may not write, a disk that
// fills up in the middle of a long reply, and a file system that hangs. The reply reaches stdout
// whole, stderr says in one sentence that the session is not being saved (never a stack trace),
// and a second Ctrl-C always ends the process. The real wave against real mock servers; how each
// fault is made is in src/test-support/storage-faults.ts.
import { readdirSync } from 'node:fs';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fileSizeLimit,
  readOnlyHome,
  stuckFileSystem,
} from '../../src/test-support/storage-faults.js';
import { expandText } from '@wave-agent/mock-llm';
import { providerEnv, startMock } from './mock-model.js';
import { cleanEnv, runWave, spawnWave, tempDir } from './wave-process.js';

let work: ReturnType<typeof tempDir>;
let mock: MockLlm | undefined;

beforeEach(() => {
  work = tempDir('work');
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  work.remove();
});

const LONG = { repeat: { pattern: 'all work and no play makes a long reply ', count: 10_000 } };
const LONG_TEXT = expandText(LONG);

async function serve(scenario: Scenario): Promise<Record<string, string>> {
  mock = await startMock(scenario);
  return { ...providerEnv('openai', mock.url), WAVE_MAX_RETRIES: '0' };
}

function noStackTrace(stderr: string): void {
  expect(stderr).not.toMatch(/please report|\n\s+at /);
}

describe('print mode with a WAVE_HOME it cannot write', () => {
  it('prints the whole reply and says, once, that the session is not saved', async () => {
    const home = readOnlyHome();
    const env = await serve({
      name: 'reply',
      turns: [{ reply: [{ type: 'text', text: 'Every word still arrives.' }] }],
    });
    const run = await runWave(['-p', 'hello'], {
      cwd: work.path,
      env: cleanEnv({ WAVE_HOME: home.path, ...env }),
      launch: home.launch,
    });
    home.remove();
    expect(run.stdout).toBe('Every word still arrives.\n');
    expect(run.code).toBe(0);
    const warnings = run.stderr.match(/This session is not being saved/g) ?? [];
    expect(warnings).toHaveLength(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `could not write ${home.path}/sessions/\\S+\\.jsonl \\(permission denied \\(EACCES\\)\\)`,
      ),
    );
    noStackTrace(run.stderr);
  });
});

describe('print mode when the disk fills up mid-stream', () => {
  for (const format of ['text', 'json'] as const) {
    it(`--output-format ${format}: the whole 400 KB reply, and one warning`, async () => {
      const home = tempDir('home');
      const env = await serve({
        name: 'long',
        chunkSize: 64,
        turns: [{ reply: [{ type: 'text', ...LONG }] }],
      });
      const run = await runWave(['-p', 'go', '--output-format', format], {
        cwd: work.path,
        env: cleanEnv({ WAVE_HOME: home.path, ...env }),
        launch: fileSizeLimit(64),
      });
      const sessions = readdirSync(home.path, { recursive: true, encoding: 'utf8' });
      home.remove();
      expect(run.code).toBe(0);
      if (format === 'text') expect(run.stdout).toBe(`${LONG_TEXT}\n`);
      else expect(JSON.parse(run.stdout)).toMatchObject({ result: LONG_TEXT, is_error: false });
      expect(run.stderr.match(/This session is not being saved/g)).toHaveLength(1);
      expect(run.stderr).toMatch(/reached the largest size this system allows \(EFBIG\)/);
      expect(sessions.some((name) => name.endsWith('.jsonl'))).toBe(true);
      noStackTrace(run.stderr);
    });
  }
});

describe('Ctrl-C when the file system hangs', () => {
  it('the second Ctrl-C ends the process at once, even with every file operation stuck', async () => {
    const home = tempDir('home');
    const stuck = stuckFileSystem();
    const env = await serve({
      name: 'read',
      chunkSize: 4,
      turns: [
        {
          faults: [{ kind: 'hold', afterChunks: 4 }],
          reply: [
            { type: 'text', text: 'Reading it now.' },
            { type: 'tool_call', name: 'Read', input: { file_path: 'notes.txt' } },
          ],
        },
        { reply: [{ type: 'text', text: 'never reached' }] },
      ],
    });
    // stream-json shows each event as it happens (piped text waits for the whole reply).
    const wave = spawnWave(['-p', 'read notes.txt', '--output-format', 'stream-json'], {
      cwd: work.path,
      env: cleanEnv({ WAVE_HOME: home.path, ...env }),
      launch: stuck.launch,
    });
    await wave.waitForStdout((out) => out.includes('"assistantContentUpdated"'), 15_000);
    stuck.stick(wave.child);
    mock!.release();
    // The Read is now stuck in the file system: the first Ctrl-C cannot end the turn.
    await new Promise((resolve) => setTimeout(resolve, 500));
    wave.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 500));
    wave.child.kill('SIGINT');
    const code = await wave.exited(10_000);
    stuck.remove();
    home.remove();
    expect(code).toBe(130);
    expect(wave.stderr()).toContain('wave: interrupted again; exiting at once.');
  });
});
