// What the tool tests share: a real temporary working directory and a context around it.
// (Test-only; nothing in the product imports it.)
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolContext } from './tool.js';

/** A fresh, empty directory under the OS temp dir (symlinks resolved, e.g. macOS /private). */
export async function makeWorkdir(): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), 'wave-tools-')));
}

export async function removeWorkdir(workdir: string): Promise<void> {
  await rm(workdir, { recursive: true, force: true });
}

export function contextFor(workdir: string, overrides: Partial<ToolContext> = {}): ToolContext {
  return { workdir, signal: new AbortController().signal, ...overrides };
}
