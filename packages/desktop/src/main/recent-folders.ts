// The folders the user worked in, newest first, for File › Open Recent and for the window to
// open at start. Kept in the app's data folder; entries are validated when read.
import { join } from 'node:path';
import { readJson, writeJson } from './json-store.js';

const LIMIT = 10;

export class RecentFolders {
  private readonly path: string;
  private folders: string[];

  constructor(dataDir: string, report: (line: string) => void) {
    this.path = join(dataDir, 'recent-folders.json');
    const stored = readJson(this.path, report);
    this.folders = Array.isArray(stored)
      ? stored.filter((item): item is string => typeof item === 'string').slice(0, LIMIT)
      : [];
  }

  get all(): readonly string[] {
    return [...this.folders];
  }

  add(folder: string): void {
    this.folders = [folder, ...this.folders.filter((item) => item !== folder)].slice(0, LIMIT);
    writeJson(this.path, this.folders);
  }

  clear(): void {
    this.folders = [];
    writeJson(this.path, this.folders);
  }
}
