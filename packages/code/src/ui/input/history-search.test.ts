import { describe, expect, it } from 'vitest';
import { defaultCommands } from '../commands/default-commands.js';
import { stripAnsi } from '../render/ansi.js';
import { searchLines } from './history-search.js';
import type { KeyPress, PromptState } from './prompt-keys.js';
import { NO_KEY, initialPrompt, reducePromptKey } from './prompt-keys.js';
import { editorWith } from './text-editor.js';

const noKey: KeyPress = NO_KEY;
const press = (state: PromptState, input: string, key: Partial<KeyPress> = {}): PromptState =>
  reducePromptKey(state, input, { ...noKey, ...key }, defaultCommands).state;
const typed = (state: PromptState, text: string): PromptState =>
  [...text].reduce((next, char) => press(next, char), state);

const entries = ['deploy staging', 'run the tests', 'deploy production', 'fix the lint'];
const withHistory: PromptState = {
  ...initialPrompt,
  editor: editorWith('half written'),
  history: { entries, position: undefined, draft: '' },
};
const shown = (state: PromptState): string | undefined =>
  state.search?.match === undefined ? undefined : entries[state.search.match];

describe('Ctrl+R history search', () => {
  it('finds the newest match, then older ones with Ctrl+R, and Enter takes it into the prompt', () => {
    const searching = typed(press(withHistory, 'r', { ctrl: true }), 'deploy');
    expect(shown(searching)).toBe('deploy production');
    const older = press(searching, 'r', { ctrl: true });
    expect(shown(older)).toBe('deploy staging');
    // No older match: the oldest stays.
    expect(shown(press(older, 'r', { ctrl: true }))).toBe('deploy staging');
    const taken = press(older, '', { return: true });
    expect(taken.search).toBeUndefined();
    expect(taken.editor.text).toBe('deploy staging');
  });

  it('narrows as letters come, widens again on Backspace, and Esc gives the prompt back', () => {
    const searching = typed(press(withHistory, 'r', { ctrl: true }), 'the t');
    expect(shown(searching)).toBe('run the tests');
    const none = typed(searching, 'x');
    expect(none.search?.match).toBeUndefined();
    expect(shown(press(none, '', { backspace: true }))).toBe('run the tests');
    const left = press(none, '', { escape: true });
    expect(left.search).toBeUndefined();
    expect(left.editor.text).toBe('half written');
  });

  it('draws the query and the match with the query highlighted', () => {
    const searching = typed(press(withHistory, 'r', { ctrl: true }), 'lint');
    const lines = searchLines(entries, searching.search!, 60);
    expect(stripAnsi(lines.join('\n'))).toContain('search prompts: lint');
    expect(lines.join('\n')).toContain(`fix the \u001B[1m\u001B[7mlint`);
  });
});
