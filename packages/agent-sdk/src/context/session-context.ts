// What a session reads from the user's and the project's files when it starts (and after /clear
// or a restore): the memory files now; what every host sees of it is `SessionState.context`.
import type { ProjectContext } from '@wave-agent/shared-protocol';
import { isFolderTrusted } from '../permissions/folder-trust.js';
import { loadMemory } from './memory/load-memory.js';
import type { LoadedMemory } from './memory/load-memory.js';

export interface SessionContext {
  readonly memory: LoadedMemory;
  /** The session state's view of it: names, sources and sizes. */
  readonly info: ProjectContext;
}

export interface SessionContextInput {
  readonly workdir: string;
  readonly waveHome: string;
}

export function loadSessionContext(input: SessionContextInput): SessionContext {
  const trusted = isFolderTrusted(input.waveHome, input.workdir);
  const memory = loadMemory({ ...input, trusted });
  return {
    memory,
    info: {
      memory: memory.files.map((file) => ({
        path: file.path,
        scope: file.scope,
        chars: file.content.length,
        ...(file.importedFrom !== undefined ? { importedFrom: file.importedFrom } : {}),
      })),
      commands: [],
      skills: [],
      warnings: memory.warnings,
    },
  };
}
