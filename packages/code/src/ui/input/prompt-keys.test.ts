import { describe, expect, it } from 'vitest';
import { defaultCommands } from '../commands/default-commands.js';
import type { KeyPress, PromptState } from './prompt-keys.js';
import { initialPrompt, reducePromptKey, visibleCompletions } from './prompt-keys.js';
import { editorWith } from './text-editor.js';

const noKey: KeyPress = {
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
const press = (state: PromptState, input: string, key: Partial<KeyPress> = {}) =>
  reducePromptKey(state, input, { ...noKey, ...key }, defaultCommands);
const withText = (text: string): PromptState => ({ ...initialPrompt, editor: editorWith(text) });

describe('prompt keys', () => {
  it('leaves the App its keys', () => {
    const state = withText('x');
    expect(press(state, 'c', { ctrl: true }).state).toBe(state);
    expect(press(state, 'o', { ctrl: true }).state).toBe(state);
    expect(press(state, '', { tab: true, shift: true }).state).toBe(state);
  });

  it('submits the typed text, or the highlighted command when the name is partial', () => {
    expect(press(withText('hello'), '', { return: true }).submit).toBe('hello');
    expect(press(withText('/mo'), '', { return: true }).submit).toBe('/model');
    expect(press(withText('/model gpt'), '', { return: true }).submit).toBe('/model gpt');
  });

  it('Esc hides the completion for the text as typed', () => {
    const dismissed = press(withText('/'), '', { escape: true }).state;
    expect(visibleCompletions(dismissed, defaultCommands)).toEqual([]);
    const typedOn = press(dismissed, 'h').state;
    expect(visibleCompletions(typedOn, defaultCommands).map((command) => command.name)).toEqual([
      'help',
    ]);
  });

  it('↑/↓ move the completion highlight around', () => {
    const down = press(withText('/'), '', { downArrow: true }).state;
    expect(down.selected).toBe(1);
    expect(press(withText('/'), '', { upArrow: true }).state.selected).toBe(
      defaultCommands.length - 1,
    );
  });

  it('ignores other control and meta keys', () => {
    const state = withText('x');
    expect(press(state, 'z', { ctrl: true }).state).toBe(state);
    expect(press(state, 'b', { meta: true }).state).toBe(state);
  });
});
