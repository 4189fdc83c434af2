// The tools that run commands: Bash shows the command line it runs; the background tools say
// which command they look at in their subject.
import type { ToolLook } from '../tool-look.js';
import { textField } from '../tool-look.js';

export const bashLook: ToolLook = {
  kind: 'execute',
  body: (input) => {
    const command = textField(input, 'command');
    return command === undefined ? [] : [{ kind: 'code', language: 'shell', text: command }];
  },
};

export const backgroundLook: ToolLook = { kind: 'execute', body: () => [] };
