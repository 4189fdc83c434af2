// /btw QUESTION: a side question answered in an overlay; neither it nor the answer enters the
// conversation (so it is not echoed into the history either).

import { SLASH_COMMANDS } from '@wave-agent/shared-protocol';
import type { SlashCommand } from './command-context.js';

export const btwCommand: SlashCommand = {
  ...SLASH_COMMANDS.btw,
  run: (context) => {
    if (context.args === '') {
      context.print('Type a question after /btw, e.g. /btw what does this regex match?', 'warning');
      return;
    }
    context.askAside(context.args);
  },
};
