import { describe, expect, it } from 'vitest';
import { notificationSequence, resolveChannel, titleSequence } from './notification-channel.js';

describe('notification channels', () => {
  it('auto picks by TERM_PROGRAM and TERM, else the bell', () => {
    expect(resolveChannel('auto', { TERM_PROGRAM: 'iTerm.app' })).toBe('iterm2');
    expect(resolveChannel('auto', { TERM_PROGRAM: 'ghostty' })).toBe('ghostty');
    expect(resolveChannel('auto', { TERM: 'xterm-ghostty' })).toBe('ghostty');
    expect(resolveChannel('auto', { TERM: 'xterm-kitty' })).toBe('kitty');
    expect(resolveChannel('auto', { TERM: 'xterm-256color' })).toBe('terminal_bell');
    expect(resolveChannel('kitty', { TERM_PROGRAM: 'iTerm.app' })).toBe('kitty');
  });

  it("writes each terminal's sequence, the bell, or nothing", () => {
    expect(notificationSequence('terminal_bell', 'x')).toBe('\u0007');
    expect(notificationSequence('iterm2_with_bell', 'hi')).toBe('\u001B]9;hi\u0007\u0007');
    expect(notificationSequence('kitty', 'hi')).toBe(
      '\u001B]99;i=wave:d=0:p=title;Wave\u001B\\\u001B]99;i=wave:d=1:p=body;hi\u001B\\',
    );
    expect(notificationSequence('notifications_disabled', 'hi')).toBe('');
  });

  it("keeps a stranger's title from ending the sequence or writing its own", () => {
    const sequence = titleSequence('evil\u0007\u001B]52;c;aGk=\u0007\nnext');
    expect([...sequence.slice(4, -1)].every((char) => char >= ' ')).toBe(true);
    expect(sequence).toBe('\u001B]0;evil␇␛]52;c;aGk=␇ next\u0007');
  });
});
