// What the model is told before the conversation: where it is, what it may use, and the memory
// files the session loaded (memory/load-memory.ts: the user's and the project's instructions,
// with their imports, in order).
import type { PermissionMode } from '@wave-agent/shared-protocol';
import type { ToolDefinition } from '../tools/tool.js';
import type { MemoryFile } from './memory/load-memory.js';

export interface SystemPromptInput {
  readonly workdir: string;
  readonly tools: readonly ToolDefinition<unknown>[];
  readonly permissionMode: PermissionMode;
  /** Plan mode's one writable file ($WAVE_HOME/plans/<slug>.md); named when plan mode is on. */
  readonly planFile?: string;
  /** The memory files, in the order the model reads them. */
  readonly memory: readonly MemoryFile[];
  /** The skills the model may load with the Skill tool: names and descriptions only. */
  readonly skills?: readonly { readonly name: string; readonly description: string }[];
  readonly platform?: string;
  readonly date?: Date;
  /**
   * The caller's words (Claude Code's `--system-prompt` and `--append-system-prompt`): `replace`
   * stands instead of Wave's own sections (who it is, where, its mode and tools); the skills and
   * memory files still follow, and `append` ends the prompt.
   */
  readonly own?: { readonly replace?: string; readonly append?: string };
}

const MODE_TEXT: Readonly<Record<PermissionMode, string>> = {
  default: 'Read-only tools run freely; edits and commands ask the user first.',
  acceptEdits: 'File edits inside the working directory run without asking; commands ask first.',
  bypassPermissions:
    'Every tool runs without asking. Be careful: nothing stops a destructive command.',
  plan: 'Plan mode: only read-only tools run. Investigate and propose a plan; do not change anything.',
  dontAsk:
    'Nobody is asked: read-only tools and commands, and what the permission rules allow, run; everything else is refused.',
};

export function buildSystemPrompt(input: SystemPromptInput): string {
  const sections = input.own?.replace !== undefined ? [input.own.replace] : waveSections(input);
  const { skills, memory } = promptSections(input);
  if (skills !== '') sections.push(skills);
  sections.push(...memory);
  if (input.own?.append !== undefined) sections.push(input.own.append);
  return sections.join('\n\n');
}

/** Wave's own sections: who it is, where it works, its permission mode and its tools. */
function waveSections(input: SystemPromptInput): string[] {
  const date = (input.date ?? new Date()).toISOString().slice(0, 10);
  const tools = input.tools.map(
    (tool) => `- ${tool.name} (${tool.permission}): ${tool.description.split('\n', 1)[0]}`,
  );
  return [
    "You are Wave, a coding agent working in the user's project. Be direct and brief; do the work with your tools rather than describing it.",
    [
      `Working directory: ${input.workdir}`,
      `Platform: ${input.platform ?? process.platform}`,
      `Date: ${date}`,
      `Permission mode: ${input.permissionMode}. ${MODE_TEXT[input.permissionMode]}`,
    ].join('\n'),
    ...planModeSection(input),
    [
      'Tools:',
      ...tools,
      'Read files before you edit them. Use Glob and Grep to find code, LS to look at a folder, Edit for small changes and Write for new files, Bash to run builds and tests. If a tool call is denied, do not retry it unchanged: adjust or ask.',
    ].join('\n'),
  ];
}

/** The sections of the prompt /context counts apart: the skills list and each memory file. */
export function promptSections(input: Pick<SystemPromptInput, 'skills' | 'memory'>): {
  readonly skills: string;
  readonly memory: readonly string[];
} {
  const skills =
    input.skills && input.skills.length > 0
      ? [
          'Skills (load one with the Skill tool when the task matches its description; its instructions come with it):',
          ...input.skills.map((skill) => `- ${skill.name}: ${skill.description}`),
        ].join('\n')
      : '';
  return {
    skills,
    memory: input.memory.map((file) => `${memoryHeading(file)}:\n${file.content}`),
  };
}

/**
 * Plan mode's instructions, as Claude Code 2.1 gives them: the plan file is the one file the model
 * may write; it plans there and asks for approval with ExitPlanMode (when it has the tool).
 */
function planModeSection(input: SystemPromptInput): string[] {
  if (input.permissionMode !== 'plan' || input.planFile === undefined) return [];
  const names = new Set(input.tools.map((tool) => tool.name));
  const lines = [
    'Plan mode is active. The user indicated that they do not want you to execute yet -- you MUST NOT make any edits, run any non-readonly tools, or otherwise make any changes to the system.',
    '',
    '## Plan File Info:',
    `Plan file: ${input.planFile}`,
    'You should build your plan incrementally by writing to or editing this file (Write, Edit). NOTE that this is the only file you are allowed to edit - other than this you are only allowed to take READ-ONLY actions.',
  ];
  if (names.has('AskUserQuestion'))
    lines.push(
      'Use AskUserQuestion to clarify requirements or choose between approaches before you finish the plan.',
    );
  if (names.has('ExitPlanMode'))
    lines.push(
      'When the plan is complete, call ExitPlanMode to ask the user to approve it. Do not ask for approval in prose.',
    );
  return [lines.join('\n')];
}

function memoryHeading(file: MemoryFile): string {
  const whose = file.scope === 'user' ? "The user's instructions" : 'Project instructions';
  return file.importedFrom === undefined
    ? `${whose} (${file.path})`
    : `${whose} (${file.path}, imported by ${file.importedFrom})`;
}
