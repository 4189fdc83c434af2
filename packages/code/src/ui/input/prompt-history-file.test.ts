// The history file as two Wave processes meet it: real files, real child processes appending at
// once, the file's mode, the trim, a foreign line.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HISTORY_FILE,
  MAX_LINES,
  appendPrompt,
  promptHistoryFile,
  readProjectPrompts,
} from './prompt-history-file.js';

const homes: string[] = [];
const newHome = (): string => {
  const home = mkdtempSync(join(tmpdir(), 'wave-history-'));
  homes.push(home);
  return home;
};
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

const moduleUrl = new URL('./prompt-history-file.ts', import.meta.url).href;

/** A separate node process that appends `count` prompts named `${name}-N`. */
function appender(home: string, name: string, count: number): Promise<number | null> {
  const script = `
    const { appendPrompt } = await import(${JSON.stringify(moduleUrl)});
    for (let i = 0; i < ${count}; i++)
      appendPrompt(${JSON.stringify(home)}, { display: '${name}-' + i + ' ' + 'x'.repeat(300), timestamp: Date.now(), project: '/p', sessionId: '${name}' });
  `;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@wave-agent/source', '--input-type=module', '-e', script],
    {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return new Promise((resolve) => child.on('exit', resolve));
}

describe('the prompt history file', () => {
  it("keeps each project's prompts, oldest first, in a file only the user can read", () => {
    const home = newHome();
    const here = promptHistoryFile(home, '/work/a');
    expect(here.entries).toEqual([]);
    expect(here.add('first', 's1')).toBeUndefined();
    expect(promptHistoryFile(home, '/work/b').add('elsewhere', 's2')).toBeUndefined();
    expect(here.add('second', 's1')).toBeUndefined();
    expect(promptHistoryFile(home, '/work/a').entries).toEqual(['first', 'second']);
    expect(statSync(join(home, HISTORY_FILE)).mode & 0o777).toBe(0o600);
    const line: unknown = JSON.parse(
      readFileSync(join(home, HISTORY_FILE), 'utf8').split('\n')[0]!,
    );
    expect(line).toMatchObject({ display: 'first', project: '/work/a', sessionId: 's1' });
  });

  it('skips a torn or foreign line and reads the others', () => {
    const home = newHome();
    appendPrompt(home, { display: 'kept', timestamp: 1, project: '/p', sessionId: 's' });
    appendFileSync(join(home, HISTORY_FILE), '{"display": "torn\nnot json at all\n');
    appendPrompt(home, { display: 'after', timestamp: 2, project: '/p', sessionId: 's' });
    expect(readProjectPrompts(home, '/p')).toEqual(['kept', 'after']);
  });

  it('keeps the newest lines once it grows past the bound', () => {
    const home = newHome();
    for (let index = 0; index < MAX_LINES + 150; index++)
      appendPrompt(home, { display: `p${index}`, timestamp: index, project: '/p', sessionId: 's' });
    const prompts = readProjectPrompts(home, '/p');
    expect(prompts.length).toBeLessThanOrEqual(MAX_LINES + 100);
    expect(prompts.at(-1)).toBe(`p${MAX_LINES + 149}`);
    expect(prompts).not.toContain('p0');
    expect(statSync(join(home, HISTORY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('loses no line and tears none when two processes append at once', async () => {
    const home = newHome();
    const codes = await Promise.all([appender(home, 'a', 300), appender(home, 'b', 300)]);
    expect(codes).toEqual([0, 0]);
    const lines = readFileSync(join(home, HISTORY_FILE), 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(600);
    const prompts = readProjectPrompts(home, '/p');
    expect(prompts.filter((prompt) => prompt.startsWith('a-'))).toHaveLength(300);
    expect(prompts.filter((prompt) => prompt.startsWith('b-'))).toHaveLength(300);
  });
});
