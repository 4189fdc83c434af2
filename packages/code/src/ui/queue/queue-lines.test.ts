import { describe, expect, it } from 'vitest';
import { stripAnsi } from '../render/ansi.js';
import { textWidth } from '../render/text-width.js';
import { queueLines } from './queue-lines.js';

describe('queue lines', () => {
  it("name a queued message's attachments after its text", () => {
    const queue = [{ id: 'q1', text: 'look at these', attachments: ['src/a.ts', 'shot.png'] }];
    expect(stripAnsi(queueLines(queue, undefined, 80)[0] ?? '')).toBe(
      '⧗ queued 1: look at these · 📎 src/a.ts, shot.png',
    );
  });

  it('give the text the room first, within the width', () => {
    const queue = [{ id: 'q1', text: 'look at these files', attachments: ['src/a.ts'] }];
    const [line = ''] = queueLines(queue, undefined, 32).map(stripAnsi);
    expect(line).toBe('⧗ queued 1: look at these files…');
    expect(textWidth(line)).toBeLessThanOrEqual(32);
  });
});
