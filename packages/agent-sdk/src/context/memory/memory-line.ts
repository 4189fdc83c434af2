// `# text` in a UI: the user's word, added as a line to a memory file. The project's is the work
// folder's AGENTS.md, CLAUDE.md or WAVE.md (the first that exists, so a Claude Code project's
// CLAUDE.md gets it), else a new AGENTS.md; the user's is $WAVE_HOME/AGENTS.md.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ContextScope } from '@wave-agent/shared-protocol';

export function memoryFileFor(scope: ContextScope, workdir: string, waveHome: string): string {
  if (scope === 'user') return join(waveHome, 'AGENTS.md');
  for (const name of ['AGENTS.md', 'CLAUDE.md', 'WAVE.md']) {
    const path = join(workdir, name);
    if (existsSync(path)) return path;
  }
  return join(workdir, 'AGENTS.md');
}

/** Appends `- text` on a line of its own; returns the file. */
export function addMemoryLine(path: string, text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') throw new Error('There is nothing to remember: type # and then the line.');
  mkdirSync(dirname(path), { recursive: true });
  const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const separator = before === '' || before.endsWith('\n') ? '' : '\n';
  appendFileSync(path, `${separator}- ${line}\n`);
  return path;
}
