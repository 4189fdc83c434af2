// The prompt's state and keys. The current state lives in a ref as well as in React state:
// several keys can arrive in one input chunk, and each must see the previous one's result.

import { useCallback, useRef, useState } from 'react';
import { useInput } from 'ink';
import type { SlashCommand } from '../commands/command-table.js';
import { remembered } from './input-history.js';
import { emptyEditor } from './text-editor.js';
import type { PromptState } from './prompt-keys.js';
import { initialPrompt, reducePromptKey, visibleCompletions } from './prompt-keys.js';

export interface PromptInputOptions {
  readonly commands: readonly SlashCommand[];
  readonly isActive: boolean;
  /** Returns whether the text was taken (then the prompt clears and remembers it). */
  readonly onSubmit: (text: string) => boolean;
}

export interface PromptInput {
  readonly state: PromptState;
  readonly completions: readonly SlashCommand[];
}

export function usePromptInput({ commands, isActive, onSubmit }: PromptInputOptions): PromptInput {
  const [state, setState] = useState(initialPrompt);
  const current = useRef(state);
  const update = (next: PromptState): void => {
    current.current = next;
    setState(next);
  };
  const handleKey = useCallback(
    (input: string, key: Parameters<typeof reducePromptKey>[2]) => {
      const outcome = reducePromptKey(current.current, input, key, commands);
      let next = outcome.state;
      if (
        outcome.submit !== undefined &&
        outcome.submit.trim() !== '' &&
        onSubmit(outcome.submit)
      ) {
        next = {
          ...next,
          editor: emptyEditor,
          history: remembered(next.history, outcome.submit),
          selected: 0,
          dismissedFor: undefined,
        };
      }
      if (next !== current.current) update(next);
    },
    [commands, onSubmit],
  );
  useInput(handleKey, { isActive });
  return { state, completions: visibleCompletions(state, commands) };
}
