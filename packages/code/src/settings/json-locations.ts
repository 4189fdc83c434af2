// Where things are in a JSON text, so a settings problem can be reported as path:line:column.
// JSON.parse says "position N" for most syntax errors but not all ("Unexpected token" and
// "Unexpected end" carry none), so a small scanner finds the first error itself when needed,
// and also finds where each top-level key is written, for errors in valid JSON.

export interface LineColumn {
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units like the offset. */
  readonly column: number;
}

export function lineColumnAt(text: string, offset: number): LineColumn {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: before.length - lineStart + 1 };
}

class SyntaxErrorAt extends Error {
  override readonly name = 'SyntaxErrorAt';
  constructor(readonly offset: number) {
    super(`The JSON text breaks at offset ${offset}.`);
  }
}

interface JsonScan {
  /** Where the text stops being JSON; undefined when it is valid. */
  readonly errorOffset?: number;
  /** Offset of each key of the top-level object (the last one when a key repeats, as JSON.parse keeps). */
  readonly topLevelKeys: ReadonlyMap<string, number>;
  /**
   * Offset of each key of nested objects too, as a dotted path ("models.fast.baseURL"), down to
   * `KEY_PATH_DEPTH` levels; keys inside arrays are not named.
   */
  readonly keyPaths: ReadonlyMap<string, number>;
}

const KEY_PATH_DEPTH = 3;

const LITERALS = ['true', 'false', 'null'];

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}
const ESCAPES = '"\\/bfnrt';

class Scanner {
  private at = 0;
  readonly topLevelKeys = new Map<string, number>();
  readonly keyPaths = new Map<string, number>();

  constructor(private readonly text: string) {}

  scan(): void {
    this.value(0, '');
    this.whitespace();
    if (this.at < this.text.length) throw new SyntaxErrorAt(this.at);
  }

  private whitespace(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text.charAt(this.at))) this.at++;
  }

  private expect(char: string): void {
    if (this.text[this.at] !== char) throw new SyntaxErrorAt(this.at);
    this.at++;
  }

  /** `path`: the dotted key path of this value; undefined inside an array. */
  private value(depth: number, path: string | undefined): void {
    this.whitespace();
    const char = this.text[this.at];
    if (char === '{') return this.object(depth, path);
    if (char === '[') return this.array(depth);
    if (char === '"') return void this.string();
    const literal = LITERALS.find((word) => word[0] === char);
    if (literal !== undefined) return this.literal(literal);
    if (char === '-' || isDigit(char)) return this.number();
    throw new SyntaxErrorAt(this.at);
  }

  /** Like JSON.parse, the error is at the first character that differs. */
  private literal(word: string): void {
    for (const expected of word) {
      if (this.text[this.at] !== expected) throw new SyntaxErrorAt(this.at);
      this.at++;
    }
  }

  private digits(): void {
    if (!isDigit(this.text[this.at])) throw new SyntaxErrorAt(this.at);
    while (isDigit(this.text[this.at])) this.at++;
  }

  private number(): void {
    if (this.text[this.at] === '-') this.at++;
    if (this.text[this.at] === '0') this.at++;
    else this.digits();
    if (this.text[this.at] === '.') {
      this.at++;
      this.digits();
    }
    if (this.text[this.at] === 'e' || this.text[this.at] === 'E') {
      this.at++;
      if (this.text[this.at] === '+' || this.text[this.at] === '-') this.at++;
      this.digits();
    }
  }

  private object(depth: number, path: string | undefined): void {
    this.at++;
    this.whitespace();
    if (this.text[this.at] === '}') {
      this.at++;
      return;
    }
    for (;;) {
      this.whitespace();
      const keyStart = this.at;
      if (this.text[this.at] !== '"') throw new SyntaxErrorAt(this.at);
      const key = this.string();
      if (depth === 0) this.topLevelKeys.set(key, keyStart);
      const keyPath = path === undefined ? undefined : path === '' ? key : `${path}.${key}`;
      if (keyPath !== undefined && depth < KEY_PATH_DEPTH) this.keyPaths.set(keyPath, keyStart);
      this.whitespace();
      this.expect(':');
      this.value(depth + 1, keyPath);
      this.whitespace();
      if (this.text[this.at] === ',') {
        this.at++;
        continue;
      }
      this.expect('}');
      return;
    }
  }

  private array(depth: number): void {
    this.at++;
    this.whitespace();
    if (this.text[this.at] === ']') {
      this.at++;
      return;
    }
    for (;;) {
      this.value(depth + 1, undefined);
      this.whitespace();
      if (this.text[this.at] === ',') {
        this.at++;
        continue;
      }
      this.expect(']');
      return;
    }
  }

  /** Reads a string literal and returns its value. */
  private string(): string {
    const start = this.at;
    this.at++;
    for (;;) {
      const char = this.text[this.at];
      if (char === undefined || char < ' ') throw new SyntaxErrorAt(this.at);
      if (char === '"') {
        this.at++;
        return String(JSON.parse(this.text.slice(start, this.at)));
      }
      if (char === '\\') {
        const escape = this.text[this.at + 1];
        if (escape === 'u') {
          this.at += 2;
          for (let i = 0; i < 4; i++, this.at++) {
            if (!/[0-9a-fA-F]/.test(this.text.charAt(this.at))) throw new SyntaxErrorAt(this.at);
          }
        } else if (escape !== undefined && ESCAPES.includes(escape)) this.at += 2;
        else throw new SyntaxErrorAt(this.at + 1);
        continue;
      }
      this.at++;
    }
  }
}

export function scanJson(text: string): JsonScan {
  const scanner = new Scanner(text);
  try {
    scanner.scan();
    return { topLevelKeys: scanner.topLevelKeys, keyPaths: scanner.keyPaths };
  } catch (error) {
    if (error instanceof SyntaxErrorAt)
      return {
        errorOffset: error.offset,
        topLevelKeys: scanner.topLevelKeys,
        keyPaths: scanner.keyPaths,
      };
    throw error;
  }
}

/** Where JSON.parse failed: its own "position N" when it gives one, else the scanner's finding. */
export function syntaxErrorOffset(text: string, parseError: Error): number {
  const stated = /\bposition (\d+)\b/.exec(parseError.message);
  if (stated?.[1] !== undefined) return Number(stated[1]);
  return scanJson(text).errorOffset ?? text.length;
}
