// Edit and Write: the change they make, as a diff read from their input, so every screen shows
// it the same way (the terminal colours it, the chat UI marks it, ACP sends it as a diff).
import type { ToolLook } from '../tool-look.js';
import { pathIn, textField } from '../tool-look.js';

export const editLook: ToolLook = {
  kind: 'edit',
  paths: pathIn('file_path'),
  body: (input) => {
    const path = textField(input, 'file_path');
    const oldText = input.old_string;
    const newText = input.new_string;
    if (path === undefined || typeof oldText !== 'string' || typeof newText !== 'string') return [];
    return [{ kind: 'diff', path, oldText, newText }];
  },
  bodyTellsResult: true,
};

export const writeLook: ToolLook = {
  kind: 'edit',
  paths: pathIn('file_path'),
  body: (input, block) => {
    const path = textField(input, 'file_path');
    const content = input.content;
    if (path === undefined || typeof content !== 'string') return [];
    // Wave's session holds the call's input, not the file it replaced: only a created file's
    // old text is known (none).
    const created = block.result?.startsWith('Created ') === true;
    return [{ kind: 'diff', path, newText: content, ...(created ? { created } : {}) }];
  },
  bodyTellsResult: true,
};
