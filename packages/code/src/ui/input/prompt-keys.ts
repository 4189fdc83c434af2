// What each key does to the prompt, as a pure function of the prompt state: editing, history,
// slash-command completion, and when to send.

import type { SlashCommand } from '../commands/command-table.js';
import { parseSlashCommand } from '../commands/command-table.js';
import { completedInput, matchingCommands } from '../commands/slash-completion.js';
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
}

export const initialPrompt: PromptState = {
  editor: emptyEditor,
  history: emptyHistory,
  selected: 0,
  dismissedFor: undefined,
};

export function visibleCompletions(
  state: PromptState,
  commands: readonly SlashCommand[],
): readonly SlashCommand[] {
  if (state.dismissedFor === state.editor.text) return [];
  return matchingCommands(state.editor.text, commands);
}

export interface KeyOutcome {
  readonly state: PromptState;
  /** Text to send (a message, a !command or a /command). */
  readonly submit?: string;
}

function edited(state: PromptState, editor: EditorState): PromptState {
  return editor === state.editor ? state : { ...state, editor, selected: 0 };
}

/** Keys that belong to the App (Ctrl+C, Ctrl+O, Shift+Tab, Esc with no menu, page keys). */
function isAppKey(input: string, key: KeyPress): boolean {
  if (key.ctrl && (input === 'c' || input === 'o')) return true;
  if (key.tab && key.shift) return true;
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

function onVertical(
  state: PromptState,
  up: boolean,
  completions: readonly SlashCommand[],
): KeyOutcome {
  if (completions.length > 0) {
    const selected = (state.selected + (up ? completions.length - 1 : 1)) % completions.length;
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

export function reducePromptKey(
  state: PromptState,
  input: string,
  key: KeyPress,
  commands: readonly SlashCommand[],
): KeyOutcome {
  if (isAppKey(input, key)) return { state };
  const completions = visibleCompletions(state, commands);
  if (key.escape)
    return {
      state: completions.length > 0 ? { ...state, dismissedFor: state.editor.text } : state,
    };
  if (key.return) return onEnter(state, key, completions);
  if (key.tab) {
    const chosen = completions[state.selected];
    return { state: chosen ? edited(state, editorWith(completedInput(chosen))) : state };
  }
  if (key.upArrow || key.downArrow) return onVertical(state, key.upArrow, completions);
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
  // Typed characters, or a paste (one chunk, newlines kept: it stays one message).
  return { state: edited(state, insertText(state.editor, input)) };
}
