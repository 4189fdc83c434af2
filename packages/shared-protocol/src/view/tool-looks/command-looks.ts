// The tools that run commands: Bash shows the command line it runs (and the rest of its input,
// a description or a timeout, as key values); the background tools say which command they look
// at in their subject.
import type { ToolLook } from '../tool-look.js';
import { textField } from '../tool-look.js';
import type { ViewPart } from '../view-parts.js';

export const bashLook: ToolLook = {
  kind: 'execute',
  body: (input) => {
    const command = textField(input, 'command');
    if (command === undefined) return [];
    const rest = Object.entries(input)
      .filter(([key, value]) => key !== 'command' && value !== undefined)
      .map(([key, value]) => ({
        key,
        value: typeof value === 'string' ? value : JSON.stringify(value),
      }));
    const parts: ViewPart[] = [{ kind: 'code', language: 'shell', text: command }];
    if (rest.length > 0) parts.push({ kind: 'keyValues', entries: rest });
    return parts;
  },
};

export const backgroundLook: ToolLook = { kind: 'execute', body: () => [] };
