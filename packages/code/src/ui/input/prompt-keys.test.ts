import { describe, expect, it } from 'vitest';
import { defaultCommands } from '../commands/default-commands.js';
import type { KeyPress, PromptState } from './prompt-keys.js';
import type { FoundFile } from '@wave-agent/shared-protocol';
import {
  NO_KEY,
  initialPrompt,
  reducePromptKey,
  visibleCompletions,
  visibleMentions,
} from './prompt-keys.js';
import { editorWith } from './text-editor.js';

const noKey: KeyPress = NO_KEY;
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

  it('sends one line that arrives together with its Enter, but keeps a multi-line paste to edit', () => {
    expect(press(initialPrompt, 'hello there\r').submit).toBe('hello there');
    expect(press(initialPrompt, '/mo\r').submit).toBe('/model');
    const pasted = press(initialPrompt, 'line one\rline two\r');
    expect(pasted.submit).toBeUndefined();
    expect(pasted.state.editor.text).toContain('line two');
  });

  it('Esc hides the completion for the text as typed', () => {
    const dismissed = press(withText('/'), '', { escape: true }).state;
    expect(visibleCompletions(dismissed, defaultCommands)).toEqual([]);
    const typedOn = press(dismissed, 'h').state;
    expect(visibleCompletions(typedOn, defaultCommands).map((command) => command.name)).toEqual([
      'help',
      'hooks',
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

describe('editing a queued message in the prompt', () => {
  const queue = [
    { id: 'q1', text: 'second' },
    { id: 'q2', text: 'third' },
  ];
  const key = (state: PromptState, input: string, pressed: Partial<KeyPress> = {}) =>
    reducePromptKey(state, input, { ...noKey, ...pressed }, defaultCommands, queue);
  const editing = key(initialPrompt, '', { upArrow: true }).state;

  it('↑ on an empty prompt picks the last queued message', () => {
    expect(editing.editor.text).toBe('third');
    expect(editing.queueEdit).toEqual({ id: 'q2', original: 'third' });
    // Not on a prompt with text: that is the text's own ↑.
    expect(key(withText('draft'), '', { upArrow: true }).state.queueEdit).toBeUndefined();
  });

  it('Enter saves the trimmed text; an empty one removes the message', () => {
    const changed = key(editing, ' 3 ').state;
    expect(key(changed, '', { return: true })).toEqual({
      state: { ...changed, editor: editorWith(''), queueEdit: undefined },
      queueAction: { type: 'edit', id: 'q2', text: 'third 3' },
    });
    const emptied = { ...editing, editor: editorWith('  ') };
    expect(key(emptied, '', { return: true }).queueAction).toEqual({ type: 'remove', id: 'q2' });
  });

  it('Ctrl+D removes, Esc cancels; neither sends anything', () => {
    const removed = key(editing, 'd', { ctrl: true });
    expect(removed.queueAction).toEqual({ type: 'remove', id: 'q2' });
    expect(removed.state.editor.text).toBe('');
    const cancelled = key(editing, '', { escape: true });
    expect(cancelled.queueAction).toBeUndefined();
    expect(cancelled.submit).toBeUndefined();
    expect(cancelled.state.queueEdit).toBeUndefined();
    expect(cancelled.state.editor.text).toBe('');
  });

  it('↑/↓ step through the queue only while the text is unchanged', () => {
    const earlier = key(editing, '', { upArrow: true }).state;
    expect(earlier.queueEdit?.id).toBe('q1');
    expect(key(earlier, '', { upArrow: true }).state).toBe(earlier);
    expect(key(earlier, '', { downArrow: true }).state.queueEdit?.id).toBe('q2');
    const past = key(editing, '', { downArrow: true }).state;
    expect(past.queueEdit).toBeUndefined();
    expect(past.editor.text).toBe('');
    const changed = key(editing, '!').state;
    expect(key(changed, '', { upArrow: true }).state).toBe(changed);
  });

  it('sends the text as a new message once the edited one has left the queue', () => {
    const gone = { ...editing, queueEdit: { id: 'q9', original: 'sent already' } };
    const sent = key(gone, '', { return: true });
    expect(sent.submit).toBe('third');
    expect(sent.queueAction).toBeUndefined();
    expect(sent.state.queueEdit).toBeUndefined();
    expect(key(gone, 'd', { ctrl: true }).state.editor.text).toBe('');
  });

  it('shows no command completion for a queued text that starts with a slash', () => {
    const slashed = { ...editing, editor: editorWith('/he') };
    expect(visibleCompletions(slashed, defaultCommands)).toEqual([]);
  });

  it('deletes once for each Backspace of several arriving in one read', () => {
    expect(press(withText('@target'), '\u007F\u007F\u007F').state.editor.text).toBe('@tar');
    expect(press(withText('ab'), '\u007F\u007F\u007Fxy\u007Fz').state.editor.text).toBe('xz');
  });

  describe('the @ file list', () => {
    const found: FoundFile[] = [
      { path: 'src/', folder: true },
      { path: 'src/app.ts', folder: false },
      { path: 'my docs/a b.md', folder: false },
    ];
    const key = (state: PromptState, input: string, pressed: Partial<KeyPress> = {}) =>
      reducePromptKey(state, input, { ...noKey, ...pressed }, defaultCommands, [], found);

    it('offers only what still fits the text (the answer may be a key behind)', () => {
      expect(visibleMentions(withText('@src/ap'), defaultCommands, found)).toEqual([found[1]]);
      // Tab before the answer to `@src/ap` came: the file, never the folder that drops `ap`.
      expect(key(withText('@src/ap'), '', { tab: true }).state.editor.text).toBe('@src/app.ts ');
    });

    it('is up only while the cursor is in a mention', () => {
      expect(visibleMentions(withText('see @sr'), defaultCommands, found)).toEqual(
        found.slice(0, 2),
      );
      expect(visibleMentions(withText('see @src done'), defaultCommands, found)).toEqual([]);
      expect(visibleMentions(withText('me@sr'), defaultCommands, found)).toEqual([]);
      // A shell command has no use for it.
      expect(visibleMentions(withText('!cat @sr'), defaultCommands, found)).toEqual([]);
    });

    it('Down and Tab take the highlighted file; Enter takes it rather than sending', () => {
      const down = key(withText('read @sr'), '', { downArrow: true }).state;
      const tabbed = key(down, '', { tab: true });
      expect(tabbed.state.editor.text).toBe('read @src/app.ts ');
      const entered = key(down, '', { return: true });
      expect(entered.submit).toBeUndefined();
      expect(entered.state.editor.text).toBe('read @src/app.ts ');
    });

    it('quotes a path with spaces; a folder stays open', () => {
      const up = key(withText('@a'), '', { upArrow: true }).state;
      expect(key(up, '', { tab: true }).state.editor.text).toBe('@"my docs/a b.md" ');
      expect(key(withText('@sr'), '', { tab: true }).state.editor.text).toBe('@src/');
    });

    it('Enter on a mention written out in full sends the message', () => {
      const full = withText('@src/');
      expect(key(full, '', { return: true }).submit).toBe('@src/');
    });

    it('Esc closes it for the text as typed, and typing opens it again', () => {
      const closed = key(withText('@sr'), '', { escape: true }).state;
      expect(visibleMentions(closed, defaultCommands, found)).toEqual([]);
      expect(key(closed, '', { return: true }).submit).toBe('@sr');
      expect(visibleMentions(key(closed, 'c').state, defaultCommands, found)).toEqual(
        found.slice(0, 2),
      );
    });

    it('letters typed together with Tab are typed, then Tab takes what still fits them', () => {
      // The list is still the one for `@sr` when `c/ap` and Tab arrive in one read.
      expect(key(withText('read @sr'), 'c/ap\t').state.editor.text).toBe('read @src/app.ts ');
      expect(key(withText('read @sr'), 'zz\t').state.editor.text).toBe('read @srzz');
    });

    it('a line typed together with its Enter is sent as typed', () => {
      expect(key(initialPrompt, 'read @sr\r').submit).toBe('read @sr');
    });
  });
});
