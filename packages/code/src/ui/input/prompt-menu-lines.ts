// What shows under the prompt while typing: the slash-command list, or the `@` file list (or why
// it could not be made). At most one of them is up at a time (prompt-keys.ts).

import { completionLines } from './completion-lines.js';
import { fileCompletionLines, fileProblemLine } from './file-completion-lines.js';
import { selectedIndex } from './prompt-keys.js';
import type { PromptInput } from './use-prompt-input.js';

export function promptMenuLines(prompt: PromptInput, width: number): string[] {
  if (prompt.completions.length > 0)
    return completionLines(prompt.completions, prompt.state.selected, width);
  if (prompt.mentions.length > 0)
    return fileCompletionLines(
      prompt.mentions,
      selectedIndex(prompt.state, prompt.mentions.length),
      width,
    );
  return prompt.mentionProblem ? [fileProblemLine(prompt.mentionProblem, width)] : [];
}

/** Whether Esc closes a list (rather than stopping the running reply). */
export function promptMenuOpen(prompt: PromptInput): boolean {
  return prompt.completions.length > 0 || prompt.mentions.length > 0;
}
