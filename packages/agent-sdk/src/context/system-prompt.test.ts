import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinTools } from '../tools/registry.js';
import { loadMemory } from './memory/load-memory.js';
import { buildSystemPrompt } from './system-prompt.js';

describe('buildSystemPrompt', () => {
  it('states the workdir, platform, date, tools and mode, with project and user instructions', () => {
    const repo = mkdtempSync(join(tmpdir(), 'wave-repo-'));
    mkdirSync(join(repo, '.git'));
    writeFileSync(join(repo, 'AGENTS.md'), 'Use tabs in this repo.');
    const workdir = join(repo, 'packages', 'app');
    mkdirSync(workdir, { recursive: true });
    writeFileSync(join(workdir, 'WAVE.md'), 'The app package is ESM.');
    const home = mkdtempSync(join(tmpdir(), 'wave-home-'));
    writeFileSync(join(home, 'AGENTS.md'), 'Answer in English.');

    const prompt = buildSystemPrompt({
      workdir,
      memory: loadMemory({ workdir, waveHome: home, trusted: false }).files,
      tools: builtinTools,
      permissionMode: 'plan',
      platform: 'linux',
      date: new Date('2026-11-30T10:00:00Z'),
    });
    expect(prompt).toContain(`Working directory: ${workdir}`);
    expect(prompt).toContain('Platform: linux');
    expect(prompt).toContain('Date: 2026-11-30');
    expect(prompt).toMatch(/Permission mode: plan\. Plan mode/);
    for (const name of ['Bash', 'Read', 'Write', 'Edit', 'Glob', 'Grep', 'LS'])
      expect(prompt).toContain(`- ${name} (`);
    expect(prompt).toContain('Use tabs in this repo.');
    expect(prompt).toContain('The app package is ESM.');
    expect(prompt).toContain('Answer in English.');
    // Outermost (repository root) first, then the nearer folder.
    expect(prompt.indexOf('Use tabs')).toBeLessThan(prompt.indexOf('ESM.'));
  });

  it("puts the caller's prompt instead of Wave's own sections, memory after it, and appends", () => {
    const memory = [{ path: '/p/CLAUDE.md', scope: 'project' as const, content: 'Use tabs.' }];
    const prompt = buildSystemPrompt({
      workdir: '/p',
      memory,
      tools: builtinTools,
      permissionMode: 'default',
      own: { replace: 'You are a terse bot.', append: 'Answer in French.' },
    });
    expect(prompt).toBe(
      'You are a terse bot.\n\nProject instructions (/p/CLAUDE.md):\nUse tabs.\n\nAnswer in French.',
    );
  });

  it('does not look above the repository root', () => {
    const outer = mkdtempSync(join(tmpdir(), 'wave-outer-'));
    writeFileSync(join(outer, 'AGENTS.md'), 'OUTSIDE THE REPO');
    const repo = join(outer, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    const prompt = buildSystemPrompt({
      workdir: repo,
      memory: loadMemory({ workdir: repo, waveHome: join(outer, 'none'), trusted: false }).files,
      tools: [],
      permissionMode: 'default',
    });
    expect(prompt).not.toContain('OUTSIDE THE REPO');
  });
});
