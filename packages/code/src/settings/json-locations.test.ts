import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineColumnAt, scanJson, syntaxErrorOffset } from './json-locations.js';

function parseError(text: string): Error {
  try {
    JSON.parse(text);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`expected ${text} not to parse`);
}

describe('lineColumnAt', () => {
  it('counts lines and columns from 1', () => {
    const text = '{\n  "a": 1,\n  "b": x\n}';
    expect(lineColumnAt(text, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumnAt(text, text.indexOf('x'))).toEqual({ line: 3, column: 8 });
  });
});

describe('syntaxErrorOffset', () => {
  it('uses the position JSON.parse states', () => {
    const text = '{\n  "a": 1,\n}';
    expect(parseError(text).message).toMatch(/position 12/);
    expect(syntaxErrorOffset(text, parseError(text))).toBe(12);
  });

  it('finds the error itself when JSON.parse states no position', () => {
    const text = '{\n  "model": tru\n}';
    expect(parseError(text).message).not.toMatch(/position/);
    expect(lineColumnAt(text, syntaxErrorOffset(text, parseError(text)))).toEqual({
      line: 2,
      column: 15,
    });
    const cut = '{"model": "x"';
    expect(syntaxErrorOffset(cut, parseError(cut))).toBe(cut.length);
  });

  it('agrees with JSON.parse wherever JSON.parse states a position', () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc.json().map((text) => text.slice(0, -1)),
      fc
        .tuple(fc.json(), fc.nat(), fc.constantFrom(',', '}', ']', ':', '"', 'x', ' ', '\n'))
        .map(([text, at, char]) => {
          const index = text.length === 0 ? 0 : at % text.length;
          return text.slice(0, index) + char + text.slice(index);
        }),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        let error: Error | undefined;
        try {
          JSON.parse(text);
        } catch (caught) {
          error = caught as Error;
        }
        const scanned = scanJson(text).errorOffset;
        if (error === undefined) return scanned === undefined;
        expect(scanned).toBeDefined();
        const stated = /position (\d+)/.exec(error.message);
        if (stated) expect(scanned).toBe(Number(stated[1]));
        return true;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('scanJson', () => {
  it('finds where each top-level key is written, not nested ones', () => {
    const text = '{\n  "a": {"model": 1},\n  "model": 2\n}';
    const keys = scanJson(text).topLevelKeys;
    expect(keys.get('model')).toBe(text.lastIndexOf('"model"'));
    expect(keys.get('a')).toBe(text.indexOf('"a"'));
  });
});

describe('scanJson key paths', () => {
  it('names nested keys by their dotted path, three levels down, and none inside arrays', () => {
    const text =
      '{\n  "models": {\n    "fast": {"baseURL": "x", "deep": {"no": 1}}\n  },\n  "list": [{"k": 1}]\n}';
    const paths = scanJson(text).keyPaths;
    expect(paths.get('models')).toBe(text.indexOf('"models"'));
    expect(paths.get('models.fast')).toBe(text.indexOf('"fast"'));
    expect(paths.get('models.fast.baseURL')).toBe(text.indexOf('"baseURL"'));
    expect([...paths.keys()]).toEqual([
      'models',
      'models.fast',
      'models.fast.baseURL',
      'models.fast.deep',
      'list',
    ]);
  });
});
