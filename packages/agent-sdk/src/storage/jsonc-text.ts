// Settings files are JSON with comments and trailing commas (JSONC, as VS Code's and Claude
// Code's settings are), read with jsonc-parser. Every problem keeps its place as path:line:column,
// and edits go through jsonc-parser's `modify`, so the comments a user wrote survive a write.
import { applyEdits, modify, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { FormattingOptions, Node, ParseError } from 'jsonc-parser';
import { tooDeep } from './json-nesting.js';

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

export interface JsoncSyntaxError {
  readonly offset: number;
  /** What is wrong, in jsonc-parser's words made readable ("a comma is expected"). */
  readonly message: string;
}

export interface JsoncText {
  /** The value, or undefined when the text has a syntax error. */
  readonly value: unknown;
  readonly error?: JsoncSyntaxError;
  /**
   * Offset of each key, as a dotted path ("permissions.allow", "models.fast.baseURL"), down to
   * `KEY_PATH_DEPTH` levels; keys inside arrays are not named. A repeated key: the last one.
   */
  readonly keyOffsets: ReadonlyMap<string, number>;
  /** Offset of each element of an array at a dotted key path: `permissions.allow[2]`. */
  readonly elementOffset: (keyPath: string, index: number) => number | undefined;
}

const KEY_PATH_DEPTH = 3;

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false } as const;

/** "CommaExpected" → "comma expected"; the codes are jsonc-parser's own names. */
function readable(error: ParseError): string {
  return printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function collectKeys(node: Node, path: string, depth: number, into: Map<string, number>): void {
  if (node.type !== 'object' || depth >= KEY_PATH_DEPTH) return;
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key?.type !== 'string') continue;
    const keyPath = path === '' ? String(key.value) : `${path}.${String(key.value)}`;
    into.set(keyPath, key.offset);
    if (value) collectKeys(value, keyPath, depth + 1, into);
  }
}

function nodeAt(root: Node | undefined, keyPath: string): Node | undefined {
  let node = root;
  // Walk by the collected key names, so a key that holds a dot ("gpt-4.1") still resolves.
  let rest = keyPath;
  while (node && rest !== '') {
    const children: Node[] = node.type === 'object' ? (node.children ?? []) : [];
    let next: Node | undefined;
    let consumed = '';
    for (const property of children) {
      const key = String(property.children?.[0]?.value ?? '');
      if ((rest === key || rest.startsWith(`${key}.`)) && key.length >= consumed.length) {
        next = property.children?.[1];
        consumed = key;
      }
    }
    if (next === undefined) return undefined;
    node = next;
    rest = rest.slice(consumed.length + 1);
  }
  return node;
}

export function parseJsonc(text: string): JsoncText {
  // Checked before parsing: the parser and `nodeValue` recurse once per level.
  const deep = tooDeep(text);
  if (deep)
    return { value: undefined, error: deep, keyOffsets: new Map(), elementOffset: () => undefined };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, PARSE_OPTIONS);
  const keyOffsets = new Map<string, number>();
  if (root) collectKeys(root, '', 0, keyOffsets);
  const elementOffset = (keyPath: string, index: number) =>
    nodeAt(root, keyPath)?.children?.[index]?.offset;
  const first = errors[0];
  if (first !== undefined || root === undefined) {
    return {
      value: undefined,
      error: {
        offset: first?.offset ?? text.length,
        message: first ? readable(first) : 'a value is expected',
      },
      keyOffsets,
      elementOffset,
    };
  }
  return { value: nodeValue(root), keyOffsets, elementOffset };
}

/** The node as a plain value; a repeated key keeps its last value, as JSON.parse does. */
function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value) object[String(key.value)] = nodeValue(value);
      }
      return object;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value as unknown;
  }
}

/** The file's own indentation and line ends (its first indented line), for what an edit writes. */
function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent?.length ?? 2, eol };
}

/**
 * The text with the value at `path` set (undefined: removed), keeping comments and layout (lines
 * it writes are indented as the file's are). The path's keys are taken as they are (no dotted
 * strings), so any key name works; an index of -1 appends to an array.
 */
export function editJsonc(
  text: string,
  path: readonly (string | number)[],
  value: unknown,
): string {
  const edits = modify(text, [...path], value, {
    formattingOptions: formattingOf(text),
    isArrayInsertion: path.at(-1) === -1,
  });
  return applyEdits(text, edits);
}
