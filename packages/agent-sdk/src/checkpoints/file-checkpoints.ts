// Per user turn, the content of each file before Wave first changed it in that turn, and what
// Wave left there at the end of the turn. Edits snapshot the one file they touch; a command
// (which may touch anything) snapshots the working directory once per turn, and the files it
// changed are found by comparing at the end of the turn. /rewind restores from here and refuses
// to overwrite a file that changed outside Wave since. When Wave's folder cannot be written (a
// read-only or full disk), checkpoints switch off with one warning and the turn goes on: the
// user's edit matters more than its undo.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { checkpointsNotSaved } from '../storage/storage-problem.js';
import { BlobStore, hashOf } from '../storage/blob-store.js';
import { scanWorkdir } from './workdir-scan.js';

interface FileRecord {
  /** Hash of the content before the turn's first change; null when the file did not exist. */
  before: string | null;
  /** Hash of the content Wave left at the end of the turn; null when it was deleted. */
  after?: string | null;
}

interface TurnManifest {
  userMessageId: string;
  files: Record<string, FileRecord>;
}

export interface RewindFilesResult {
  /** Files put back as they were before the turn. */
  readonly restored: readonly string[];
  /** Files left alone, with the reason (e.g. changed outside Wave since). */
  readonly conflicts: readonly { readonly path: string; readonly reason: string }[];
}

/** A regular file's content; anything else (a FIFO would block the process) counts as absent. */
function regularFileContent(path: string): Buffer | undefined {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ? readFileSync(path) : undefined;
}

function currentHash(path: string): string | null {
  const content = regularFileContent(path);
  return content ? hashOf(content) : null;
}

export class FileCheckpoints {
  private readonly blobs: BlobStore;
  private turn: TurnManifest | undefined;
  /** The working directory as it was before the turn's first command, by path → hash. */
  private treeBefore: Map<string, string> | undefined;
  private treeComplete = true;
  private failed = false;

  constructor(
    private readonly dir: string,
    private readonly workdir: string,
    /** Told once, in words, when checkpoints stop because Wave's folder cannot be written. */
    private readonly onProblem: (message: string) => void = () => {},
  ) {
    this.blobs = new BlobStore(join(dir, 'blobs'));
  }

  /** Runs a step that writes under $WAVE_HOME; a failure switches checkpoints off, once. */
  private guarded(step: () => void): void {
    if (this.failed) return;
    try {
      step();
    } catch (error) {
      this.failed = true;
      this.turn = undefined;
      this.treeBefore = undefined;
      this.onProblem(checkpointsNotSaved(this.dir, error));
    }
  }

  beginTurn(userMessageId: string): void {
    this.turn = { userMessageId, files: {} };
    this.treeBefore = undefined;
    this.treeComplete = true;
  }

  /** Awaited by Write and Edit before they change a file. */
  beforeFileChange(path: string): Promise<void> {
    const turn = this.turn;
    if (turn && !(path in turn.files)) {
      this.guarded(() => {
        const known = this.treeBefore?.get(path);
        const content = known === undefined ? regularFileContent(path) : undefined;
        turn.files[path] = {
          before: known ?? (content ? this.blobs.put(content) : null),
        };
        this.save(turn);
      });
    }
    return Promise.resolve();
  }

  /** Awaited before a command runs: the first command of a turn snapshots the working directory. */
  async beforeExecute(): Promise<void> {
    if (!this.turn || this.treeBefore || this.failed) return;
    const scan = await scanWorkdir(this.workdir);
    this.guarded(() => {
      this.treeBefore = new Map(
        scan.files.map((file) => [file.path, this.blobs.put(file.content)]),
      );
      this.treeComplete = scan.complete;
    });
  }

  /** Records what the turn changed and what it left behind. */
  async endTurn(): Promise<void> {
    const turn = this.turn;
    if (!turn) return;
    if (this.treeBefore) {
      const scan = await scanWorkdir(this.workdir);
      const now = new Map(scan.files.map((file) => [file.path, hashOf(file.content)]));
      for (const [path, hash] of this.treeBefore) {
        if (now.get(path) !== hash && !(path in turn.files)) turn.files[path] = { before: hash };
      }
      // New files count only when the scans saw the whole tree; otherwise "new" may be "unseen".
      if (this.treeComplete && scan.complete) {
        for (const path of now.keys())
          if (!this.treeBefore.has(path) && !(path in turn.files))
            turn.files[path] = { before: null };
      }
    }
    for (const [path, record] of Object.entries(turn.files)) record.after = currentHash(path);
    if (Object.keys(turn.files).length > 0) this.guarded(() => this.save(turn));
    this.turn = undefined;
    this.treeBefore = undefined;
  }

  /** Puts back every file the given turns changed, as it was before the first of them. */
  rewindFiles(userMessageIds: readonly string[]): RewindFilesResult {
    const manifests = userMessageIds
      .map((id) => this.load(id))
      .filter((m): m is TurnManifest => m !== undefined);
    const first = new Map<string, FileRecord>();
    const last = new Map<string, FileRecord>();
    for (const manifest of manifests) {
      for (const [path, record] of Object.entries(manifest.files)) {
        if (!first.has(path)) first.set(path, record);
        last.set(path, record);
      }
    }
    const restored: string[] = [];
    const conflicts: { path: string; reason: string }[] = [];
    for (const [path, { before }] of first) {
      const now = currentHash(path);
      if (now === before) continue;
      const left = last.get(path)?.after;
      if (left === undefined) {
        conflicts.push({
          path,
          reason:
            'the turn that changed it did not finish, so Wave cannot tell whether it changed since; left as it is',
        });
        continue;
      }
      if (now !== left) {
        conflicts.push({ path, reason: 'it changed outside Wave since; left as it is' });
        continue;
      }
      if (before === null) {
        rmSync(path, { force: true });
      } else {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, this.blobs.get(before));
      }
      restored.push(path);
    }
    return { restored, conflicts };
  }

  private manifestPath(userMessageId: string): string {
    return join(this.dir, 'turns', `${userMessageId}.json`);
  }

  private save(turn: TurnManifest): void {
    const path = this.manifestPath(turn.userMessageId);
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(turn));
    renameSync(temp, path);
  }

  private load(userMessageId: string): TurnManifest | undefined {
    const path = this.manifestPath(userMessageId);
    if (!existsSync(path)) return undefined;
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return isManifest(value) ? value : undefined;
  }
}

function isManifest(value: unknown): value is TurnManifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    'userMessageId' in value &&
    typeof value.userMessageId === 'string' &&
    'files' in value &&
    typeof value.files === 'object' &&
    value.files !== null
  );
}
