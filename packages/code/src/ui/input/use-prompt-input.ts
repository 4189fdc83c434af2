// The prompt's state and keys. The current state lives in a ref as well as in React state:
// several keys can arrive in one input chunk, and each must see the previous one's result.

import { useCallback, useRef, useState } from 'react';
import { useInput } from 'ink';
import type { QueuedMessage } from '@wave-agent/shared-protocol';
import type { SlashCommand } from '../../commands/command-context.js';
import { remembered } from './input-history.js';
import { editorWith, emptyEditor } from './text-editor.js';
import type { PromptState, QueueAction } from './prompt-keys.js';
import { initialPrompt, reducePromptKey, visibleCompletions } from './prompt-keys.js';

export interface PromptInputOptions {
  readonly commands: readonly SlashCommand[];
  readonly isActive: boolean;
  /** Returns whether the text was taken (then the prompt clears and remembers it). */
  readonly onSubmit: (text: string) => boolean;
  /** Messages waiting for the running turn; ↑ on an empty prompt edits the last one. */
  readonly queue: readonly QueuedMessage[];
  /**
   * Saves or removes a queued message. Returns false when it was no longer queued (its turn
   * had started): the text then stays in the prompt, to be sent as a new message.
   */
  readonly onQueueAction: (action: QueueAction, text: string) => boolean;
}

export interface PromptInput {
  readonly state: PromptState;
  readonly completions: readonly SlashCommand[];
  /** Puts `text` in an empty prompt (e.g. the message a rewind took back); false if not empty. */
  readonly offerText: (text: string) => boolean;
}

export function usePromptInput({
  commands,
  isActive,
  onSubmit,
  queue,
  onQueueAction,
}: PromptInputOptions): PromptInput {
  const [state, setState] = useState(initialPrompt);
  const current = useRef(state);
  const update = useCallback((next: PromptState): void => {
    current.current = next;
    setState(next);
  }, []);
  const handleKey = useCallback(
    (input: string, key: Parameters<typeof reducePromptKey>[2]) => {
      const before = current.current;
      const outcome = reducePromptKey(before, input, key, commands, queue);
      let next = outcome.state;
      if (outcome.queueAction && !onQueueAction(outcome.queueAction, before.editor.text)) {
        next = { ...next, editor: before.editor };
      }
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
    [commands, onSubmit, queue, onQueueAction, update],
  );
  const offerText = useCallback(
    (text: string): boolean => {
      if (current.current.editor.text !== '') return false;
      update({ ...current.current, editor: editorWith(text), queueEdit: undefined });
      return true;
    },
    [update],
  );
  useInput(handleKey, { isActive });
  return { state, completions: visibleCompletions(state, commands), offerText };
}
