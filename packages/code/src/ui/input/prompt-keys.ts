// What each key does to the prompt, as a pure function of the prompt state: editing, history,
// slash-command and `@` file completion, editing a queued message, and when to send.

import {
  completedInput,
  matchingCommands,
  mentionAt,
  mentionIs,
  parseSlashCommand,
  stillMatching,
  withMention,
} from '@wave-agent/shared-protocol';
import type { FoundFile, MentionToken, QueuedMessage } from '@wave-agent/shared-protocol';
import type { SlashCommand } from '../../commands/command-context.js';
import type { HistorySearch } from './history-search.js';
import { searchOlder, searchTyped, startSearch } from './history-search.js';
import type { InputHistory } from './input-history.js';
import { emptyHistory, newer, older } from './input-history.js';
import type { EditorState } from './text-editor.js';
import {
  deleteBackward,
  deleteToLineStart,
  deleteWordBackward,
  editorWith,
  emptyEditor,
  insertText,
  moveDown,
  moveLeft,
  moveLineEnd,
  moveLineStart,
  moveRight,
  moveUp,
} from './text-editor.js';

/** The keys the prompt reads (a subset of Ink's `Key`). */
export interface KeyPress {
  readonly upArrow: boolean;
  readonly downArrow: boolean;
  readonly leftArrow: boolean;
  readonly rightArrow: boolean;
  readonly return: boolean;
  readonly escape: boolean;
  readonly ctrl: boolean;
  readonly shift: boolean;
  readonly meta: boolean;
  readonly tab: boolean;
  readonly backspace: boolean;
  readonly delete: boolean;
  readonly home?: boolean;
  readonly end?: boolean;
  readonly pageUp?: boolean;
  readonly pageDown?: boolean;
}

export interface PromptState {
  readonly editor: EditorState;
  readonly history: InputHistory;
  /** The highlighted completion. */
  readonly selected: number;
  /** Completion was dismissed (Esc) for exactly this text. */
  readonly dismissedFor: string | undefined;
  /** The queued message being edited in the prompt (↑ on an empty prompt picks the last one). */
  readonly queueEdit: QueueEdit | undefined;
  /** Ctrl+R's search of the history, while it is open. */
  readonly search?: HistorySearch;
}

export interface QueueEdit {
  readonly id: string;
  /** Its text when picked: ↑/↓ move to another queued message only while it is unchanged. */
  readonly original: string;
}

export const initialPrompt: PromptState = {
  editor: emptyEditor,
  history: emptyHistory,
  selected: 0,
  dismissedFor: undefined,
  queueEdit: undefined,
};

export function visibleCompletions(
  state: PromptState,
  commands: readonly SlashCommand[],
): readonly SlashCommand[] {
  if (state.dismissedFor === state.editor.text || state.queueEdit) return [];
  return matchingCommands(state.editor.text, commands);
}

/** The `@` mention being typed, if any (never in a shell command), never in a queued edit. */
export function activeMention(state: PromptState): MentionToken | undefined {
  if (state.queueEdit) return undefined;
  return mentionAt(state.editor);
}

/**
 * The `@` completion list: the files found for the mention the cursor is in (the latest answer,
 * see use-found-files), unless the slash list is up or Esc closed it for this text. The answer
 * may be to what was typed a key or two ago: only the files that still fit the text are offered,
 * so Tab never puts back a path that drops what was just typed.
 */
export function visibleMentions(
  state: PromptState,
  commands: readonly SlashCommand[],
  found: readonly FoundFile[],
): readonly FoundFile[] {
  if (found.length === 0 || state.dismissedFor === state.editor.text) return [];
  const token = activeMention(state);
  if (!token || visibleCompletions(state, commands).length > 0) return [];
  return stillMatching(found, token.query);
}

/** The highlighted item of a list that may have shrunk since it was chosen. */
export function selectedIndex(state: PromptState, length: number): number {
  return Math.min(state.selected, Math.max(0, length - 1));
}

/** Tab, or Enter, on the `@` list: the highlighted path replaces the mention being typed. */
function takeMention(
  state: PromptState,
  mentions: readonly FoundFile[],
  enter: boolean,
): PromptState | undefined {
  const chosen = mentions[selectedIndex(state, mentions.length)];
  const token = activeMention(state);
  if (!chosen || !token) return undefined;
  // Enter on a mention already written out in full sends the message.
  if (enter && mentionIs(state.editor, token, chosen.path)) return undefined;
  return edited(state, withMention(state.editor, token, chosen.path));
}

/** What to do to the agent's queue: save an edited queued message, or remove one. */
export type QueueAction =
  | { readonly type: 'edit'; readonly id: string; readonly text: string }
  | { readonly type: 'remove'; readonly id: string };

export interface KeyOutcome {
  readonly state: PromptState;
  /** Text to send (a message, a !command or a /command). */
  readonly submit?: string;
  readonly queueAction?: QueueAction;
}

function edited(state: PromptState, editor: EditorState): PromptState {
  return editor === state.editor ? state : { ...state, editor, selected: 0 };
}

/**
 * Alt+T (Meta+T; Option+T where the terminal sends Option as Meta) cycles the effort. Ctrl+T,
 * Tab and Shift+Tab are taken (Tab completes, Shift+Tab cycles the permission mode); Alt+T is
 * free in the prompt, where Meta only ever adds a newline with Enter.
 */
export function isEffortKey(input: string, key: KeyPress): boolean {
  return key.meta === true && !key.ctrl && input === 't';
}

/** Keys that belong to the App (Ctrl+C, Ctrl+O, Shift+Tab, Alt+T, Esc with no menu, page keys). */
function isAppKey(input: string, key: KeyPress): boolean {
  if (key.ctrl && (input === 'c' || input === 'o')) return true;
  if (key.tab && key.shift) return true;
  if (isEffortKey(input, key)) return true;
  return key.pageUp === true || key.pageDown === true;
}

function onEnter(
  state: PromptState,
  key: KeyPress,
  completions: readonly SlashCommand[],
): KeyOutcome {
  const { editor } = state;
  if (key.meta) return { state: edited(state, insertText(editor, '\n')) };
  // A backslash right before the cursor continues the message on a new line.
  if (editor.text[editor.cursor - 1] === '\\') {
    return { state: edited(state, insertText(deleteBackward(editor), '\n')) };
  }
  const chosen = completions[state.selected];
  const typed = parseSlashCommand(editor.text);
  if (chosen && typed?.name !== chosen.name) return { state, submit: `/${chosen.name}` };
  return { state, submit: editor.text };
}

function onVertical(state: PromptState, up: boolean, listLength: number): KeyOutcome {
  if (listLength > 0) {
    const current = selectedIndex(state, listLength);
    const selected = (current + (up ? listLength - 1 : 1)) % listLength;
    return { state: { ...state, selected } };
  }
  const moved = up ? moveUp(state.editor) : moveDown(state.editor);
  if (moved) return { state: { ...state, editor: moved } };
  const recalled = up ? older(state.history, state.editor.text) : newer(state.history);
  if (!recalled) return { state };
  return {
    state: { ...state, history: recalled.history, editor: editorWith(recalled.text), selected: 0 },
  };
}

function startQueueEdit(state: PromptState, message: QueuedMessage): PromptState {
  return {
    ...state,
    editor: editorWith(message.text),
    selected: 0,
    queueEdit: { id: message.id, original: message.text },
  };
}

function leaveQueueEdit(state: PromptState): PromptState {
  return { ...state, editor: emptyEditor, selected: 0, queueEdit: undefined };
}

/** The keys that mean something else while a queued message is in the prompt, or undefined. */
function queueEditKey(
  state: PromptState,
  edit: QueueEdit,
  input: string,
  key: KeyPress,
  queue: readonly QueuedMessage[],
): KeyOutcome | undefined {
  if (key.escape) return { state: leaveQueueEdit(state) };
  if (!queue.some((message) => message.id === edit.id)) {
    // Its turn came meanwhile: the text is an ordinary message now.
    if (key.ctrl && input === 'd') return { state: leaveQueueEdit(state) };
    if (key.return && !key.meta && state.editor.text[state.editor.cursor - 1] !== '\\')
      return { state: { ...state, queueEdit: undefined }, submit: state.editor.text };
    return undefined;
  }
  if (key.ctrl && input === 'd')
    return { state: leaveQueueEdit(state), queueAction: { type: 'remove', id: edit.id } };
  if (key.return && !key.meta && state.editor.text[state.editor.cursor - 1] !== '\\') {
    const text = state.editor.text.trim();
    return {
      state: leaveQueueEdit(state),
      queueAction: text ? { type: 'edit', id: edit.id, text } : { type: 'remove', id: edit.id },
    };
  }
  if (!(key.upArrow || key.downArrow)) return undefined;
  const moved = key.upArrow ? moveUp(state.editor) : moveDown(state.editor);
  if (moved) return { state: { ...state, editor: moved } };
  // At the edge of the text: step through the queue, but never drop an unsaved change.
  if (state.editor.text !== edit.original) return { state };
  const index = queue.findIndex((message) => message.id === edit.id);
  const next = index === -1 ? undefined : queue[index + (key.upArrow ? -1 : 1)];
  if (next) return { state: startQueueEdit(state, next) };
  return { state: key.downArrow ? leaveQueueEdit(state) : state };
}

/** A key while Ctrl+R's search is open: it narrows, steps back, takes the match or leaves. */
function searchKey(
  state: PromptState,
  search: HistorySearch,
  input: string,
  key: KeyPress,
): PromptState {
  const { entries } = state.history;
  const leave = (editor: EditorState): PromptState => ({
    ...state,
    search: undefined,
    editor,
    selected: 0,
    history: { ...state.history, position: undefined },
  });
  if (key.escape) return leave(search.draft);
  const matched = search.match === undefined ? undefined : entries[search.match];
  if (key.ctrl && input === 'r') return { ...state, search: searchOlder(entries, search) };
  if (key.backspace || key.delete)
    return { ...state, search: searchTyped(entries, search, search.query.slice(0, -1)) };
  // Enter, or any key that moves or edits: the match is taken into the prompt to edit or send.
  if (key.return || key.tab || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow)
    return leave(matched === undefined ? search.draft : editorWith(matched));
  if (key.ctrl || key.meta || input === '') return state;
  // Several keys in one read (fast typing): each in turn, as shells take them.
  if (input.length > 1 && [...input].some((char) => char in SEARCH_CONTROL_KEYS)) {
    let next = state;
    for (const char of input) {
      const one = SEARCH_CONTROL_KEYS[char] ?? {};
      const control = char in SEARCH_CONTROL_KEYS;
      next = next.search
        ? searchKey(next, next.search, control && one.ctrl ? 'r' : char, { ...NO_KEY, ...one })
        : next;
    }
    return next;
  }
  if (/[\r\n]/.test(input)) return state;
  return { ...state, search: searchTyped(entries, search, search.query + input) };
}

/** No key flag set: a plain character. */
export const NO_KEY: KeyPress = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  meta: false,
  tab: false,
  backspace: false,
  delete: false,
};

/** The control characters a search reads inside a chunk of keys. */
const SEARCH_CONTROL_KEYS: Readonly<Record<string, Partial<KeyPress>>> = {
  '\u0012': { ctrl: true },
  '\u007F': { backspace: true },
  '\b': { backspace: true },
  '\r': { return: true },
  '\u001B': { escape: true },
};

export function reducePromptKey(
  state: PromptState,
  input: string,
  key: KeyPress,
  commands: readonly SlashCommand[],
  queue: readonly QueuedMessage[] = [],
  found: readonly FoundFile[] = [],
): KeyOutcome {
  if (isAppKey(input, key)) return { state };
  if (state.search) return { state: searchKey(state, state.search, input, key) };
  if (key.ctrl && input === 'r' && !state.queueEdit)
    return { state: { ...state, search: startSearch(state.history.entries, state.editor) } };
  if (state.queueEdit) {
    const outcome = queueEditKey(state, state.queueEdit, input, key, queue);
    if (outcome) return outcome;
  }
  const completions = visibleCompletions(state, commands);
  const mentions = visibleMentions(state, commands, found);
  const lastQueued = queue.at(-1);
  if (key.upArrow && lastQueued && state.editor.text === '' && !state.queueEdit)
    return { state: startQueueEdit(state, lastQueued) };
  if (key.escape)
    return {
      state:
        completions.length + mentions.length > 0
          ? { ...state, dismissedFor: state.editor.text }
          : state,
    };
  if ((key.tab || (key.return && !key.meta)) && mentions.length > 0) {
    const taken = takeMention(state, mentions, key.return);
    if (taken) return { state: taken };
  }
  if (key.return) return onEnter(state, key, completions);
  if (key.tab) {
    const chosen = completions[state.selected];
    return { state: chosen ? edited(state, editorWith(completedInput(chosen))) : state };
  }
  if (key.upArrow || key.downArrow)
    return onVertical(state, key.upArrow, completions.length + mentions.length);
  if (key.leftArrow) return { state: { ...state, editor: moveLeft(state.editor) } };
  if (key.rightArrow) return { state: { ...state, editor: moveRight(state.editor) } };
  if (key.home || (key.ctrl && input === 'a'))
    return { state: { ...state, editor: moveLineStart(state.editor) } };
  if (key.end || (key.ctrl && input === 'e'))
    return { state: { ...state, editor: moveLineEnd(state.editor) } };
  // Terminals send DEL (which Ink calls `delete`) for Backspace.
  if (key.backspace || key.delete) return { state: edited(state, deleteBackward(state.editor)) };
  if (key.ctrl && input === 'u') return { state: edited(state, deleteToLineStart(state.editor)) };
  if (key.ctrl && input === 'w') return { state: edited(state, deleteWordBackward(state.editor)) };
  if (key.ctrl && input === 'j') return { state: edited(state, insertText(state.editor, '\n')) };
  if (key.ctrl || key.meta || input === '') return { state };
  // One line and Enter in a single read (fast typing, tmux send-keys): typed, then Enter, as a
  // shell takes it. A paste of several lines stays one message to edit.
  const typedLine = /^([^\r\n]+)\r$/.exec(input)?.[1];
  if (typedLine !== undefined) {
    const typed = reducePromptKey(state, typedLine, key, commands, queue, found);
    // The files found were for the text before: Enter sends what was typed.
    return reducePromptKey(typed.state, '\r', { ...key, return: true }, commands, queue);
  }
  // Letters and Tab in a single read (fast typing): typed, then Tab on what the list keeps of it.
  const typedThenTab = /^([^\t\r\n]+)\t$/.exec(input)?.[1];
  if (typedThenTab !== undefined) {
    const typed = reducePromptKey(state, typedThenTab, key, commands, queue, found);
    return reducePromptKey(typed.state, '\t', { ...key, tab: true }, commands, queue, found);
  }
  // Backspace held down, or typed fast between letters, arrives as DELs inside one read: each
  // deletes what came before it, as the keys one by one would.
  if (/[\u007F\b]/.test(input) && !input.includes('\u001B')) {
    let editor = state.editor;
    for (const piece of input.split(/([\u007F\b])/)) {
      if (piece === '\u007F' || piece === '\b') editor = deleteBackward(editor);
      else editor = insertText(editor, piece);
    }
    return { state: edited(state, editor) };
  }
  // Typed characters, or a paste (one chunk, newlines kept: it stays one message).
  return { state: edited(state, insertText(state.editor, input)) };
}
