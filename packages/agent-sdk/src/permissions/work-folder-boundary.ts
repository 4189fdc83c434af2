// The work-folder boundary, decided on real paths (every link resolved): where a tool call
// reaches outside the folder, and where it touches Wave's own configuration (the folder's
// `.wave/`, `.claude/` and `.mcp.json`, `.git/config` and `.git/hooks`, and Wave's home), which a
// write could use to widen what Wave may do, or run a program, on the next run. Both are asked
// about whatever was allowed for the session.
import { isAbsolute, join, relative, sep } from 'node:path';
import { realPathOf } from '../tools/real-path.js';

export interface Reach {
  /** Real paths outside the work folder. */
  readonly outside: readonly string[];
  /** Real paths of Wave's configuration: project settings, MCP servers, Wave's home. */
  readonly configuration: readonly string[];
}

function within(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

/** Folders whose files decide what Wave may do or run: settings, hooks, commands, agents, git's. */
const CONFIGURATION = ['.wave', '.claude', join('.git', 'config'), join('.git', 'hooks')];

/** Case-insensitive, so `.WAVE/settings.json` on a case-insensitive disk counts too. */
function isProjectConfiguration(workdir: string, path: string): boolean {
  if (!within(workdir, path)) return false;
  const rel = relative(workdir, path).toLowerCase();
  return (
    CONFIGURATION.some((name) => rel === name || rel.startsWith(`${name}${sep}`)) ||
    rel === '.mcp.json'
  );
}

export class WorkFolderBoundary {
  private realWorkdir: Promise<string> | undefined;
  private realWaveHome: Promise<string> | undefined;
  private realAdditional: Promise<string[]> | undefined;

  constructor(
    private readonly workdir: string,
    private readonly waveHome: string | undefined,
    /** Folders the settings' `additionalDirectories` add: inside too (never configuration). */
    private additionalDirectories: readonly string[] = [],
  ) {}

  /** One more folder inside, from now on (/add-dir); a folder already inside changes nothing. */
  addDirectory(realPath: string): void {
    if (this.additionalDirectories.includes(realPath)) return;
    this.additionalDirectories = [...this.additionalDirectories, realPath];
    this.realAdditional = undefined;
  }

  /** Where these absolute paths really lead, relative to the work folder. */
  async reach(paths: readonly string[]): Promise<Reach> {
    if (paths.length === 0) return { outside: [], configuration: [] };
    this.realWorkdir ??= realPathOf(this.workdir);
    this.realWaveHome ??= this.waveHome === undefined ? undefined : realPathOf(this.waveHome);
    this.realAdditional ??= Promise.all(this.additionalDirectories.map((dir) => realPathOf(dir)));
    const [workdir, waveHome, additional, real] = await Promise.all([
      this.realWorkdir,
      this.realWaveHome,
      this.realAdditional,
      Promise.all(paths.map((path) => realPathOf(path))),
    ]);
    return {
      outside: real.filter(
        (path) => !within(workdir, path) && !additional.some((dir) => within(dir, path)),
      ),
      configuration: real.filter(
        (path) =>
          isProjectConfiguration(workdir, path) ||
          (waveHome !== undefined && within(waveHome, path)),
      ),
    };
  }
}
