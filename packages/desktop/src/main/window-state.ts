// Where each folder's window was (position, size, maximized), restored when the folder is
// opened again. Kept in the app's data folder; a stored rectangle is used only when it is
// whole numbers of a sensible size.
import { join } from 'node:path';
import { readJson, writeJson } from './json-store.js';
import { isRecord } from '@wave-agent/shared-protocol';

export interface WindowState {
  readonly x?: number;
  readonly y?: number;
  readonly width: number;
  readonly height: number;
  readonly maximized: boolean;
}

export const DEFAULT_WINDOW: WindowState = { width: 1000, height: 760, maximized: false };

function whole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function readState(value: unknown): WindowState | undefined {
  if (!isRecord(value) || !whole(value.width, 320, 20_000) || !whole(value.height, 240, 20_000))
    return undefined;
  const { x, y } = value;
  const placed = whole(x, -20_000, 20_000) && whole(y, -20_000, 20_000);
  return {
    ...(placed ? { x, y } : {}),
    width: value.width,
    height: value.height,
    maximized: value.maximized === true,
  };
}

export class WindowStates {
  private readonly path: string;
  private readonly states: Record<string, WindowState> = {};

  constructor(dataDir: string, report: (line: string) => void) {
    this.path = join(dataDir, 'window-state.json');
    const stored = readJson(this.path, report);
    if (isRecord(stored))
      for (const [folder, value] of Object.entries(stored)) {
        const state = readState(value);
        if (state) this.states[folder] = state;
      }
  }

  of(folder: string): WindowState {
    return this.states[folder] ?? DEFAULT_WINDOW;
  }

  remember(folder: string, state: WindowState): void {
    this.states[folder] = state;
    writeJson(this.path, this.states);
  }
}
