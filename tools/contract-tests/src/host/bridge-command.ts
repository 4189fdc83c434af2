// How contract tests start `wave --stdio`: the built bin (what ships) when every package it runs
// is built and up to date, else the dev launcher from source, so a stale dist never tests old
// code. The Nx test target builds first (dependsOn ^build), so CI uses the built bin.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const PACKAGES = ['shared-protocol', 'agent-sdk', 'code'].map((name) =>
  join(ROOT, 'packages', name),
);

export interface BridgeCommand {
  readonly args: readonly string[];
  /** Which one, and why: printed so CI output shows what was tested. */
  readonly description: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    const isSource =
      /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|^test-kit\.ts$|\.d\.ts$/.test(entry.name);
    return isSource ? [path] : [];
  });
}

/**
 * The first source file changed since its package was last built, if any. tsc -b leaves outputs
 * whose content did not change untouched but stamps the package's build info, so that is the
 * time to compare with.
 */
function staleSource(): string | undefined {
  for (const dir of PACKAGES) {
    const buildInfo = join(dir, 'tsconfig.build.tsbuildinfo');
    if (!existsSync(buildInfo) || !existsSync(join(dir, 'dist'))) return join(dir, 'src');
    const builtAt = statSync(buildInfo).mtimeMs;
    const changed = sourceFiles(join(dir, 'src')).find(
      (source) => statSync(source).mtimeMs > builtAt,
    );
    if (changed !== undefined) return changed;
  }
  return undefined;
}

const BUILT: BridgeCommand = {
  args: [join(ROOT, 'packages/code/dist/bin.js'), '--stdio'],
  description: 'wave --stdio: the built bin (packages/code/dist/bin.js)',
};

function fromSource(reason: string): BridgeCommand {
  return {
    args: [
      '--conditions=@wave-agent/source',
      join(ROOT, 'packages/code/bin/wave-dev.mjs'),
      '--stdio',
    ],
    description: `wave --stdio: the dev launcher from source, because ${reason}`,
  };
}

/** WAVE_CONTRACT_BRIDGE=built or =source forces one (e.g. to test the built bin of a busy tree). */
export function bridgeCommand(env: NodeJS.ProcessEnv = process.env): BridgeCommand {
  const forced = env.WAVE_CONTRACT_BRIDGE;
  if (forced === 'built')
    return { ...BUILT, description: `${BUILT.description}, as WAVE_CONTRACT_BRIDGE asks` };
  if (forced === 'source') return fromSource('WAVE_CONTRACT_BRIDGE=source');
  const stale = staleSource();
  if (stale === undefined) return BUILT;
  return fromSource(`the build is older than ${relative(ROOT, stale)}`);
}
