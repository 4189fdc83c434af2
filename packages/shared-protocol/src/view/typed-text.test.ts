import { describe, expect, it } from 'vitest';
import type { Message } from '../messages.js';
import { typedText } from './typed-text.js';

describe('typedText', () => {
  it('joins the text and writes a shell command as !command, trimmed', () => {
    const message: Message = {
      id: 'u1',
      role: 'user',
      createdAt: 0,
      blocks: [
        { type: 'text', content: '  run it ', stage: 'end' },
        { type: 'bang', command: 'ls -la', output: '', stage: 'end', exitCode: 0 },
      ],
    };
    expect(typedText(message)).toBe('run it !ls -la');
  });
});
