// Every tool's look by its name; a tool without one gets the generic look (its key values).
// Adding a tool's look: its file beside this one, and one line here. A renamed tool keeps its old
// name's line: a session stored before the rename shows its calls as they were.
import type { ToolLook } from '../tool-look.js';
import { backgroundLook, bashLook } from './command-looks.js';
import { editLook, writeLook } from './edit-looks.js';
import { lsLook, readLook, searchLook } from './file-looks.js';
import { genericLook } from './generic-look.js';
import { skillLook, taskLook } from './agent-looks.js';
import { todoWriteLook } from './todo-write-look.js';
import { webFetchLook } from './web-fetch-look.js';
import { webSearchLook } from './web-search-look.js';
import { askUserQuestionLook } from './ask-user-question-look.js';
import { exitPlanModeLook } from './exit-plan-mode-look.js';

const LOOKS: Readonly<Record<string, ToolLook>> = {
  Read: readLook,
  LS: lsLook,
  Glob: searchLook,
  Grep: searchLook,
  Edit: editLook,
  Write: writeLook,
  Bash: bashLook,
  TaskOutput: backgroundLook,
  TaskStop: backgroundLook,
  BashOutput: backgroundLook,
  KillBash: backgroundLook,
  TodoWrite: todoWriteLook,
  Agent: taskLook,
  Task: taskLook,
  Skill: skillLook,
  WebFetch: webFetchLook,
  WebSearch: webSearchLook,
  AskUserQuestion: askUserQuestionLook,
  ExitPlanMode: exitPlanModeLook,
};

export function lookOf(toolName: string): ToolLook {
  return Object.hasOwn(LOOKS, toolName) ? (LOOKS[toolName] ?? genericLook) : genericLook;
}
