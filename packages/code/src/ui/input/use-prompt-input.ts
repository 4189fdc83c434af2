// The prompt's state and keys. The current state lives in a ref as well as in React state:
// several keys can arrive in one input chunk, and each must see the previous one's result.

import { useCallback, useRef, useState } from 'react';
import { useInput, useStdin, useStdout } from 'ink';
import type { EditorTerminal } from '../../cli/open-in-editor.js';
import type { ScreenControl } from '../render/reflow-aware-stdout.js';
import { screenControlOf } from '../render/reflow-aware-stdout.js';
import { editInEditor } from './external-editor.js';
import type { SessionHandle } from '@wave-agent/client';
import type { AttachmentInput, FoundFile, QueuedMessage } from '@wave-agent/shared-protocol';
import type { SlashCommand } from '../../commands/command-context.js';
import { remembered } from './input-history.js';
import type { PromptHistoryStore } from './prompt-history-file.js';
import { editorWith, emptyEditor } from './text-editor.js';
import type { PromptState, QueueAction } from './prompt-keys.js';
import {
  activeMention,
  initialPrompt,
  reducePromptKey,
  visibleCompletions,
  visibleMentions,
} from './prompt-keys.js';
import type { FindFiles } from './use-found-files.js';
import { useFoundFiles } from './use-found-files.js';
import { usePasteKeys } from './use-paste-keys.js';

export interface PromptInputOptions {
  readonly commands: readonly SlashCommand[];
  readonly isActive: boolean;
  /**
   * Returns whether the text was taken (then the prompt clears and remembers it). The images
   * pasted into it (Ctrl+V, a pasted image path) whose chips are still in the text come with it.
   */
  readonly onSubmit: (text: string, images: readonly AttachmentInput[]) => boolean;
  /** Messages waiting for the running turn; ↑ on an empty prompt edits the last one. */
  readonly queue: readonly QueuedMessage[];
  /**
   * Saves or removes a queued message. Returns false when it was no longer queued (its turn
   * had started): the text then stays in the prompt, to be sent as a new message.
   */
  readonly onQueueAction: (action: QueueAction, text: string) => boolean;
  /** Lists the work folder's files for an `@` mention; without it there is no `@` list. */
  readonly findFiles?: FindFiles;
  /** Where sent prompts are kept across sessions; without it the history lasts this session. */
  readonly history?: PromptHistoryLink;
  /** Told what went wrong with a key's work (Ctrl+G's editor). */
  readonly warn?: (sentence: string) => void;
  /** Esc twice in a row on an empty prompt (the rewind picker). */
  readonly onEscapeTwice?: () => void;
  /** The work folder: a pasted path of a file in it becomes an `@` mention. */
  readonly workdir?: string;
}

/** Two Esc presses this close make Esc Esc. */
const DOUBLE_ESCAPE_MS = 800;

export interface PromptHistoryLink {
  readonly store: PromptHistoryStore;
  /** The session a prompt is sent in (it changes with /clear and /resume). */
  readonly sessionId: () => string;
  /** Told why a prompt could not be kept. */
  readonly warn: (sentence: string) => void;
}

export interface PromptInput {
  readonly state: PromptState;
  readonly completions: readonly SlashCommand[];
  /** The `@` list: files and folders for the mention the cursor is in. */
  readonly mentions: readonly FoundFile[];
  /** Why the `@` list could not be made, while a mention is typed. */
  readonly mentionProblem: string | undefined;
  /** Puts `text` in an empty prompt (e.g. the message a rewind took back); false if not empty. */
  readonly offerText: (text: string) => boolean;
}

/** The history link of a session's prompt: prompts are kept with the session they were sent in. */
export function historyLink(
  store: PromptHistoryStore,
  session: Pick<SessionHandle, 'getSnapshot'>,
  print: (text: string, level: 'warning') => void,
): PromptHistoryLink {
  return {
    store,
    sessionId: () => session.getSnapshot().sessionId,
    warn: (text) => print(text, 'warning'),
  };
}

/** The terminal for Ctrl+G's editor: the real one under Ink's drawing when there is one. */
function editorTerminal(
  stdin: NodeJS.ReadStream,
  screen: ScreenControl | undefined,
): EditorTerminal {
  const stdout = screen?.terminal ?? process.stdout;
  return {
    stdin,
    stdout,
    stderr: process.stderr,
    env: process.env,
    writeControl: (sequence) => (screen ? screen.writeInvisible(sequence) : stdout.write(sequence)),
  };
}

export function usePromptInput({
  commands,
  isActive,
  onSubmit,
  queue,
  onQueueAction,
  findFiles,
  history,
  warn,
  onEscapeTwice,
  workdir,
}: PromptInputOptions): PromptInput {
  const { stdin } = useStdin();
  const screen = screenControlOf(useStdout().stdout);
  const lastEscape = useRef(0);
  const [state, setState] = useState(() =>
    history
      ? { ...initialPrompt, history: { ...initialPrompt.history, entries: history.store.entries } }
      : initialPrompt,
  );
  const historyLink = useRef(history);
  historyLink.current = history;
  const current = useRef(state);
  const mention = activeMention(state);
  const found = useFoundFiles(findFiles, mention?.query);
  const update = useCallback((next: PromptState): void => {
    current.current = next;
    setState(next);
  }, []);
  const paste = usePasteKeys({ current, update, workdir, warn });
  const handleKey = useCallback(
    (input: string, key: Parameters<typeof reducePromptKey>[2]) => {
      if (paste.handle(input, key)) return;
      const before = current.current;
      if (key.ctrl && input === 'g' && !before.search) {
        const outcome = editInEditor(before.editor.text, editorTerminal(stdin, screen));
        if (outcome.kind === 'problem') warn?.(outcome.sentence);
        else update({ ...before, editor: editorWith(outcome.text), selected: 0 });
        return;
      }
      if (key.escape && onEscapeTwice && before.editor.text === '' && !before.search) {
        const now = Date.now();
        const twice = now - lastEscape.current < DOUBLE_ESCAPE_MS;
        lastEscape.current = twice ? 0 : now;
        if (twice && !before.queueEdit) {
          onEscapeTwice();
          return;
        }
      }
      const outcome = reducePromptKey(before, input, key, commands, queue, found.files);
      let next = outcome.state;
      if (outcome.queueAction && !onQueueAction(outcome.queueAction, before.editor.text)) {
        next = { ...next, editor: before.editor };
      }
      if (
        outcome.submit !== undefined &&
        outcome.submit.trim() !== '' &&
        onSubmit(outcome.submit, paste.images.attachmentsFor(outcome.submit))
      ) {
        paste.images.clear();
        const link = historyLink.current;
        const problem = link?.store.add(outcome.submit, link.sessionId());
        if (problem) link?.warn(problem);
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
    [
      commands,
      onSubmit,
      queue,
      onQueueAction,
      update,
      found.files,
      stdin,
      screen,
      warn,
      onEscapeTwice,
      paste,
    ],
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
  const closed = state.dismissedFor === state.editor.text;
  return {
    state,
    completions: visibleCompletions(state, commands),
    mentions: visibleMentions(state, commands, found.files),
    mentionProblem: mention && !closed ? found.problem : undefined,
    offerText,
  };
}
