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

  it('returns unchanged a text that fits, even when half the budget ends inside a surrogate pair', () => {
    // The head stops one short of the pair; the tail must take that one, not cut the middle.
    const fits = `${'a'.repeat(23)}😀${'a'.repeat(22)}`;
    expect(boundOutput(fits, fits.length)).toBe(fits);
  });

  it('never splits a surrogate pair at either cut', () => {
    const result = boundOutput('😀'.repeat(100), 11);
    expect(result).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(result).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  // Texts up to 600 characters of the kinds that matter at a cut: line breaks (counted),
  // surrogate pairs (never split) and combining marks; `size: 'large'` spreads the lengths over
  // the whole range, so most runs cut (limits 2–120) and some texts are many times the limit.
  const RUNS = 300;
  const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
  const text = fc.string({
    unit: fc.constantFrom('a', 'b', ' ', '\n', '😀', '漢', 'e\u0301'),
    maxLength: 600,
    size: 'large',
  });
  const limit = fc.integer({ min: 2, max: 120 });

  it('gives the same result whether the text arrives whole or in chunks of any size', () => {
    let cut = 0;
    fc.assert(
      fc.property(text, fc.array(fc.nat({ max: 40 }), { maxLength: 20 }), limit, (t, cuts, max) => {
        const streamed = new BoundedOutput(max);
        // Chunks are decoded text (Bash decodes UTF-8 first): cut between code points.
        const points = [...t];
        let from = 0;
        for (const size of cuts) {
          streamed.append(points.slice(from, from + size).join(''));
          from += size;
        }
        streamed.append(points.slice(from).join(''));
        expect(streamed.toString()).toBe(boundOutput(t, max));
        if (streamed.wasCut) cut += 1;
      }),
      { numRuns: RUNS },
    );
    // The runs reached the case the property is about: output cut while it streamed in.
    expect(cut).toBeGreaterThan(RUNS / 2);
  });

  it('keeps a true prefix and suffix of the text, within the budget, never splitting a pair', () => {
    const reached = { fits: 0, cut: 0, tenTimesTheLimit: 0, pairAtACut: 0 };
    fc.assert(
      fc.property(text, limit, (t, max) => {
        const result = boundOutput(t, max);
        expect(result).not.toMatch(LONE_SURROGATE);
        if (t.length <= max) {
          reached.fits += 1;
          expect(result).toBe(t);
          return;
        }
        reached.cut += 1;
        if (t.length >= 10 * max) reached.tenTimesTheLimit += 1;
        const [head = '', tail = ''] = result.split(
          /\n\n\[\.\.\. .* cut from the middle of this output \.\.\.\]\n\n/,
        );
        // A naive cut at half the budget would have split a surrogate pair.
        const half = Math.ceil(max / 2);
        if (
          /[\ud800-\udbff]/.test(t.charAt(half - 1)) ||
          /[\udc00-\udfff]/.test(t.charAt(t.length - (max - half)))
        )
          reached.pairAtACut += 1;
        expect(t.startsWith(head)).toBe(true);
        expect(t.endsWith(tail)).toBe(true);
        expect(head.length + tail.length).toBeLessThanOrEqual(max);
        expect(result).toContain(`${formatCount(t.length - head.length - tail.length)} characters`);
        const lines = t.slice(head.length, t.length - tail.length).split('\n').length - 1;
        if (lines > 0) expect(result).toContain(`(${formatCount(lines)} lines)`);
      }),
      { numRuns: RUNS },
    );
    // What the 300 runs reach (typically ~40 fit, ~255 cut, ~105 at ten times the limit or
    // more, ~55 with a surrogate pair where a naive cut would fall); the floors leave room.
    expect(reached.fits).toBeGreaterThan(5);
    expect(reached.cut).toBeGreaterThan(RUNS / 2);
    expect(reached.tenTimesTheLimit).toBeGreaterThan(RUNS / 10);
    expect(reached.pairAtACut).toBeGreaterThan(RUNS / 20);
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

describe('formatCount', () => {
  it('groups thousands with commas, as en-US does, without loading ICU', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (count) => {
        expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
      }),
    );
    expect(formatCount(30_000)).toBe('30,000');
    expect(formatCount(1.5)).toBe('1.5');
  });
});
