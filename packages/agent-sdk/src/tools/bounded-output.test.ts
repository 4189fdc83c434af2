import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedOutput, boundOutput, capLine, formatCount } from './bounded-output.js';

describe('boundOutput', () => {
  it('returns text that fits unchanged', () => {
    expect(boundOutput('hello\nworld', 20)).toBe('hello\nworld');
  });

  it('keeps the head and the tail and says how many characters and lines were cut', () => {
    const text = `${'a\n'.repeat(10)}${'b\n'.repeat(100)}${'c\n'.repeat(10)}`;
    const result = boundOutput(text, 40);
    expect(result.startsWith('a\n'.repeat(10))).toBe(true);
    expect(result.endsWith('c\n'.repeat(10))).toBe(true);
    expect(result).toContain(
      '[... 200 characters (100 lines) cut from the middle of this output ...]',
    );
  });

  it('never splits a surrogate pair at either cut', () => {
    const result = boundOutput('😀'.repeat(100), 11);
    expect(result).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(result).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it('gives the same result whether the text arrives whole or in chunks of any size', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.array(fc.nat({ max: 40 }), { maxLength: 20 }),
        fc.integer({ min: 2, max: 120 }),
        (text, cuts, limit) => {
          const streamed = new BoundedOutput(limit);
          let from = 0;
          for (const size of cuts) {
            streamed.append(text.slice(from, from + size));
            from += size;
          }
          streamed.append(text.slice(from));
          expect(streamed.toString()).toBe(boundOutput(text, limit));
        },
      ),
    );
  });

  it('keeps a true prefix and suffix of the text, within the budget', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 500 }),
        fc.integer({ min: 2, max: 200 }),
        (text, limit) => {
          const result = boundOutput(text, limit);
          if (text.length <= limit) {
            expect(result).toBe(text);
            return;
          }
          const [head = '', tail = ''] = result.split(
            /\n\n\[\.\.\. .* cut from the middle of this output \.\.\.\]\n\n/,
          );
          expect(text.startsWith(head)).toBe(true);
          expect(text.endsWith(tail)).toBe(true);
          expect(head.length + tail.length).toBeLessThanOrEqual(limit);
          expect(result).toContain(
            `${formatCount(text.length - head.length - tail.length)} characters`,
          );
        },
      ),
    );
  });
});

describe('BoundedOutput.recentText', () => {
  it('returns the end of what was appended, across the head and the tail', () => {
    const output = new BoundedOutput(100);
    output.append('0123456789'.repeat(6));
    expect(output.recentText(15)).toBe('567890123456789');
  });
});

describe('capLine', () => {
  it('keeps short lines and cuts long ones with a marker counting the rest', () => {
    expect(capLine('short', 10)).toBe('short');
    expect(capLine('x'.repeat(25), 10)).toBe(
      `${'x'.repeat(10)}... [line truncated: 15 more characters]`,
    );
  });
});
