// A repository laid out for Claude Code works in Wave unchanged: `wave -p` (the real CLI, from
// source) in a temporary repository with CLAUDE.md and its imports, against tools/mock-llm,
// asserting on what the model was sent.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MockLlm, Scenario } from '@wave-agent/mock-llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { providerEnv, startMock } from './mock-model.js';
import { cleanEnv, runWave, tempDir } from './wave-process.js';

let home: ReturnType<typeof tempDir>;
let repo: ReturnType<typeof tempDir>;
let mock: MockLlm | undefined;

beforeEach(() => {
  home = tempDir('home');
  repo = tempDir('claude-repo');
  mkdirSync(join(repo.path, '.git'));
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  home.remove();
  repo.remove();
});

function write(root: string, path: string, text: string): string {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
}

const ONE_REPLY: Scenario = {
  name: 'reply',
  turns: [{ reply: [{ type: 'text', text: 'Done.' }] }],
};

/** The system prompt of a recorded Anthropic request, as one text. */
function systemText(body: unknown): string {
  const system = (body as { system?: string | { text: string }[] }).system;
  if (system === undefined) return '';
  return typeof system === 'string' ? system : system.map((part) => part.text).join('\n');
}

async function print(prompt: string, scenario: Scenario = ONE_REPLY, cwd = repo.path) {
  mock = await startMock(scenario);
  const run = await runWave(['-p', prompt], {
    cwd,
    env: cleanEnv({
      WAVE_HOME: home.path,
      WAVE_MAX_RETRIES: '0',
      ...providerEnv('anthropic', mock.url),
    }),
  });
  return { run, requests: mock.requests.filter((request) => request.method === 'POST') };
}

describe('memory: a Claude Code project', () => {
  it('sends the user file, then CLAUDE.md with its import, the rules, and the nearer folder, in order', async () => {
    write(home.path, 'AGENTS.md', 'USER-MEMORY answer in English');
    write(
      repo.path,
      'CLAUDE.md',
      '# Project\nROOT-MEMORY\n@docs/conventions.md\n`@docs/not-imported.md`\n',
    );
    write(repo.path, 'docs/conventions.md', 'IMPORTED-CONVENTIONS use tabs');
    write(repo.path, 'docs/not-imported.md', 'NOT-IMPORTED');
    write(repo.path, '.claude/rules/testing.md', 'RULE-TESTING write tests first');
    const pkg = join(repo.path, 'packages', 'app');
    write(pkg, 'AGENTS.md', 'PACKAGE-MEMORY app is ESM');
    const { run, requests } = await print('hello', ONE_REPLY, pkg);
    expect(run.code, run.stderr).toBe(0);
    const system = systemText(requests[0]?.body);
    const order = [
      'USER-MEMORY',
      'ROOT-MEMORY',
      'IMPORTED-CONVENTIONS',
      'RULE-TESTING',
      'PACKAGE-MEMORY',
    ].map((marker) => system.indexOf(marker));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(system).not.toContain('NOT-IMPORTED');
  });

  it('says on stderr when an import is missing, and still answers', async () => {
    write(repo.path, 'CLAUDE.md', 'ROOT\n@docs/gone.md\n');
    const { run, requests } = await print('hello');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `imports ${join(repo.path, 'docs', 'gone.md')}, which does not exist`,
    );
    expect(systemText(requests[0]?.body)).toContain('ROOT');
  });
});
