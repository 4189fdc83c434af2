import { describe, expect, it } from 'vitest';
import { MAX_JSON_NESTING, tooDeep } from './json-nesting.js';
import { parseJsonc } from './jsonc-text.js';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('tooDeep', () => {
  it('accepts the limit and names the first bracket past it', () => {
    expect(tooDeep(nested(MAX_JSON_NESTING))).toBeUndefined();
    expect(tooDeep(nested(MAX_JSON_NESTING + 1))).toEqual({
      offset: MAX_JSON_NESTING,
      message: `it nests deeper than ${MAX_JSON_NESTING} levels`,
    });
  });

  it('counts objects and arrays alike, and a closed bracket frees its level', () => {
    expect(tooDeep('{"a": [{"b": []}]}', 3)).toEqual({
      offset: 13,
      message: 'it nests deeper than 3 levels',
    });
    expect(tooDeep('[[1], [2], [[3]]]', 3)).toBeUndefined();
  });

  it('does not count brackets inside strings (escaped quotes included) or comments', () => {
    expect(tooDeep('["[[[[", "\\"[[[[", "\\\\"] // [[[[\n /* {{{{ */', 2)).toBeUndefined();
    expect(tooDeep('["\\\\", [[]]]', 2)).toMatchObject({ offset: 8 });
  });
});

describe('parseJsonc on a hostile file', () => {
  it('reports 200,000 nested brackets as an error with its place instead of overflowing the stack', () => {
    const { value, error } = parseJsonc(`{"permissions": ${nested(200_000)}}`);
    expect(value).toBeUndefined();
    expect(error).toEqual({
      offset: 16 + MAX_JSON_NESTING - 1,
      message: `it nests deeper than ${MAX_JSON_NESTING} levels`,
    });
  });

  it('still reads a file nested to the limit', () => {
    expect(parseJsonc(`{"a": ${nested(MAX_JSON_NESTING - 1)}}`).error).toBeUndefined();
  });
});
