// A file the work folder provides may nest brackets as deep as it likes. jsonc-parser (and every
// walk over the tree it builds) recurses once per level, so 200,000 `[` overflow the stack and
// end the process. Real settings nest a handful of levels; one iterative scan finds the first
// bracket past the limit before anything recursive runs. (V8's JSON.parse is iterative: files
// read with it, like .mcp.json and session lines, do not need this.)

/** Far deeper than any settings file, far shallower than the stack needs to overflow. */
export const MAX_JSON_NESTING = 256;

export interface TooDeep {
  /** Where the first bracket past the limit opens. */
  readonly offset: number;
  /** What is wrong, as the parse errors say it: "it nests deeper than 256 levels". */
  readonly message: string;
}

/**
 * The first place the text (JSON, or JSONC with comments) nests deeper than `limit`, or undefined.
 * Brackets inside strings and comments do not count; the text need not be valid otherwise.
 */
export function tooDeep(text: string, limit: number = MAX_JSON_NESTING): TooDeep | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      i = stringEnd(text, i);
    } else if (char === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > limit) return { offset: i, message: `it nests deeper than ${limit} levels` };
    } else if ((char === ']' || char === '}') && depth > 0) {
      depth -= 1;
    }
  }
  return undefined;
}

/** The index of the quote that closes the string opened at `start` (or the text's last index). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '"' || text[i] === '\n') return i;
  }
  return text.length;
}
