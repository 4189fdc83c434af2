// What the model is told before the conversation: where it is, what it may use, and the
// instructions of the project (AGENTS.md / WAVE.md up to the repository root) and of the user
// ($WAVE_HOME/AGENTS.md).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import type { ToolDefinition } from '../tools/tool.js';

export const INSTRUCTION_FILES = ['AGENTS.md', 'WAVE.md'] as const;
/** Instruction files are cut at this size so a huge file cannot crowd out the conversation. */
const MAX_INSTRUCTIONS_CHARS = 40_000;

export interface SystemPromptInput {
  readonly workdir: string;
  readonly waveHome: string;
  readonly tools: readonly ToolDefinition<unknown>[];
  readonly permissionMode: PermissionMode;
  readonly platform?: string;
  readonly date?: Date;
}

const MODE_TEXT: Readonly<Record<PermissionMode, string>> = {
  default: 'Read-only tools run freely; edits and commands ask the user first.',
  acceptEdits: 'File edits inside the working directory run without asking; commands ask first.',
  bypassPermissions:
    'Every tool runs without asking. Be careful: nothing stops a destructive command.',
  plan: 'Plan mode: only read-only tools run. Investigate and propose a plan; do not change anything.',
};

export interface InstructionFile {
  readonly path: string;
  readonly content: string;
}

function readBounded(path: string): string {
  const text = readFileSync(path, 'utf8');
  return text.length > MAX_INSTRUCTIONS_CHARS
    ? `${text.slice(0, MAX_INSTRUCTIONS_CHARS)}\n[… cut: the file has ${text.length} characters]`
    : text;
}

/** Project instruction files from the repository root (outermost) down to the workdir. */
export function findProjectInstructions(workdir: string): InstructionFile[] {
  const found: InstructionFile[] = [];
  let dir = workdir;
  for (let depth = 0; depth < 64; depth++) {
    for (const name of INSTRUCTION_FILES) {
      const path = join(dir, name);
      if (existsSync(path)) found.unshift({ path, content: readBounded(path) });
    }
    const parent = dirname(dir);
    if (existsSync(join(dir, '.git')) || parent === dir) break;
    dir = parent;
  }
  return found;
}

export function buildSystemPrompt(input: SystemPromptInput): string {
  const date = (input.date ?? new Date()).toISOString().slice(0, 10);
  const tools = input.tools.map(
    (tool) => `- ${tool.name} (${tool.permission}): ${tool.description.split('\n', 1)[0]}`,
  );
  const sections = [
    "You are Wave, a coding agent working in the user's project. Be direct and brief; do the work with your tools rather than describing it.",
    [
      `Working directory: ${input.workdir}`,
      `Platform: ${input.platform ?? process.platform}`,
      `Date: ${date}`,
      `Permission mode: ${input.permissionMode}. ${MODE_TEXT[input.permissionMode]}`,
    ].join('\n'),
    [
      'Tools:',
      ...tools,
      'Read files before you edit them. Use Glob and Grep to find code, LS to look at a folder, Edit for small changes and Write for new files, Bash to run builds and tests. If a tool call is denied, do not retry it unchanged: adjust or ask.',
    ].join('\n'),
  ];
  const userFile = join(input.waveHome, 'AGENTS.md');
  if (existsSync(userFile))
    sections.push(`The user's instructions (${userFile}):\n${readBounded(userFile)}`);
  for (const file of findProjectInstructions(input.workdir)) {
    sections.push(`Project instructions (${file.path}):\n${file.content}`);
  }
  return sections.join('\n\n');
}
