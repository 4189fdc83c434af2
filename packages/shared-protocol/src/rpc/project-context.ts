// What a session loaded from the user's and the project's files (DESIGN §5): the memory files
// (instruction files and their imports) in the order the model reads them, the custom slash
// commands and the skills. Session state, so every host completes and lists the same things
// without reading a file itself. Only names, sources and sizes travel: the contents stay in the
// agent. It describes this process's reading, so it is not kept in the session file.

import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

/** Whose file: the user's ($WAVE_HOME) or the work folder's (the repository's word). */
export const ContextScopeSchema = lazySchema(() => z.enum(['user', 'project']));
export type ContextScope = z.output<typeof ContextScopeSchema>;

export const MemoryFileInfoSchema = lazySchema(() =>
  z.object({
    /** Absolute path. */
    path: z.string(),
    scope: ContextScopeSchema,
    /** Characters the model reads from it (after any cut). */
    chars: z.number(),
    /** The memory file whose `@path` line imported it; absent for a file found on its own. */
    importedFrom: z.string().optional(),
  }),
);
export type MemoryFileInfo = z.output<typeof MemoryFileInfoSchema>;

export const CustomCommandInfoSchema = lazySchema(() =>
  z.object({
    /** Typed after the slash; sub-folders are namespaces (`frontend:component`). */
    name: z.string(),
    description: z.string(),
    argumentHint: z.string().optional(),
    /** The Markdown file it comes from. */
    source: z.string(),
    scope: ContextScopeSchema,
    /** Why the file could not be used, as a sentence; such a command is listed, not run. */
    problem: z.string().optional(),
    /** Other files that define the same name and lost to this one. */
    shadows: z.array(z.string()).readonly().optional(),
  }),
);
export type CustomCommandInfo = z.output<typeof CustomCommandInfoSchema>;

export const SkillInfoSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    /** The SKILL.md file. */
    source: z.string(),
    scope: ContextScopeSchema,
    problem: z.string().optional(),
  }),
);
export type SkillInfo = z.output<typeof SkillInfoSchema>;

export const ProjectContextSchema = lazySchema(() =>
  z.object({
    memory: z.array(MemoryFileInfoSchema).readonly(),
    commands: z.array(CustomCommandInfoSchema).readonly(),
    skills: z.array(SkillInfoSchema).readonly(),
    /** What went wrong while reading (a missing import, a cut), as sentences. */
    warnings: z.array(z.string()).readonly(),
  }),
);
export type ProjectContext = z.output<typeof ProjectContextSchema>;

export const NO_PROJECT_CONTEXT: ProjectContext = Object.freeze({
  memory: [],
  commands: [],
  skills: [],
  warnings: [],
});
