import { describe, expect, it } from 'vitest';
import type { Message } from '@wave-agent/shared-protocol';
import { toModelMessages } from './model-context.js';

const user = (id: string, text: string): Message => ({
  id,
  role: 'user',
  createdAt: 0,
  blocks: [{ type: 'text', content: text, stage: 'end' }],
});

describe('the model context', () => {
  it("tells the model a notice's toModel, in order, and nothing of a notice for the user only", () => {
    const messages: Message[] = [
      user('u1', 'count to ten'),
      {
        id: 'a1',
        role: 'assistant',
        createdAt: 0,
        blocks: [{ type: 'text', content: 'one two', stage: 'end' }],
      },
      {
        id: 'n1',
        role: 'system',
        createdAt: 0,
        blocks: [{ type: 'notice', message: 'Retrying in 2s.', level: 'warning' }],
      },
      {
        id: 'n2',
        role: 'system',
        createdAt: 0,
        blocks: [
          {
            type: 'notice',
            message: 'Interrupted',
            level: 'warning',
            toModel: 'The user interrupted your previous reply.',
          },
        ],
      },
      user('u2', 'go on'),
    ];
    expect(toModelMessages(messages)).toStrictEqual([
      { role: 'user', content: 'count to ten' },
      { role: 'assistant', content: [{ type: 'text', text: 'one two' }] },
      { role: 'user', content: 'The user interrupted your previous reply.' },
      { role: 'user', content: 'go on' },
    ]);
  });
});
