// /btw QUESTION: a side question answered in an overlay; neither it nor the answer enters the
// conversation (so it is not echoed into the history either).

import type { SlashCommand } from './command-table.js';

export const btwCommand: SlashCommand = {
  name: 'btw',
  description: 'Ask a side question, answered outside the conversation',
  argumentHint: '<question>',
  echo: false,
  run: (context) => {
    if (context.args === '') {
      context.print('Type a question after /btw, e.g. /btw what does this regex match?', 'warning');
      return;
    }
    context.askAside(context.args);
  },
};
