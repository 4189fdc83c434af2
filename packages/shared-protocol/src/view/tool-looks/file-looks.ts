// The tools that read and search the work folder: their kind and the path they work on. Their
// body is empty (the subject already names the path or pattern; the result is the output).
import type { ToolLook, ToolInput, ToolPath } from '../tool-look.js';
import { pathIn, textField } from '../tool-look.js';

function readPaths(input: ToolInput): ToolPath[] {
  const path = textField(input, 'file_path');
  if (path === undefined) return [];
  const offset = input.offset;
  return [{ path, ...(typeof offset === 'number' && offset > 0 ? { line: offset } : {}) }];
}

export const readLook: ToolLook = { kind: 'read', paths: readPaths, body: () => [] };
export const lsLook: ToolLook = { kind: 'read', paths: pathIn('path'), body: () => [] };
export const searchLook: ToolLook = { kind: 'search', paths: pathIn('path'), body: () => [] };
