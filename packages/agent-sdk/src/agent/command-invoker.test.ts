// A custom command's `allowed-tools`, through a real Agent against tools/mock-llm: its rules
// allow calls during the command's own turn, and are gone when that turn ends.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';

let harness: Harness | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("a command's allowed-tools", () => {
  it('allow its rules during its turn only: the next turn asks (and, with no one to ask, refuses)', async () => {
    const waveHome = mkdtempSync(join(tmpdir(), 'wave-home-'));
    dirs.push(waveHome);
    mkdirSync(join(waveHome, 'commands'));
    writeFileSync(
      join(waveHome, 'commands', 'tidy.md'),
      '---\nallowed-tools: Bash(touch:*)\n---\nTidy up.\n',
    );
    const touch = (id: string, file: string) => ({
      reply: [
        { type: 'tool_call' as const, id, name: 'Bash', input: { command: `touch ${file}` } },
      ],
    });
    harness = await startHarness(
      'anthropic',
      {
        name: 'tidy twice',
        turns: [
          touch('t1', 'during.txt'),
          { reply: [{ type: 'text', text: 'tidied' }] },
          touch('t2', 'after.txt'),
          { reply: [{ type: 'text', text: 'done' }] },
        ],
      },
      { waveHome, env: { PATH: process.env['PATH'] } },
    );
    await harness.agent.sendMessage('/tidy');
    expect(existsSync(join(harness.workdir, 'during.txt'))).toBe(true);
    await harness.agent.sendMessage('touch one more');
    expect(existsSync(join(harness.workdir, 'after.txt'))).toBe(false);
    const ends = ofType(harness.events, 'toolBlockUpdated').filter((e) => e.stage === 'end');
    expect(ends.find((e) => e.id === 't2')?.error).toContain(
      'there is no one to ask for permission here',
    );
  });
});
