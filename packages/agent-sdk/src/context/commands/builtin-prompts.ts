// Commands Wave itself brings that are prompts for the model, expanded like a custom command:
// every host offers them from the session state with the custom ones.
import type { CustomCommand } from './command-files.js';

export const BUILT_IN_SOURCE = '(built in)';

const INIT_PROMPT = `Please analyse this project and write an AGENTS.md file at the root of the work folder for future coding agents working in it. Include:
- the commands to build, lint and test (and to run a single test);
- the architecture: the big picture that takes reading several files to see;
- conventions that are particular to this project.
Read the existing README, AGENTS.md, WAVE.md, CLAUDE.md and .claude/rules or .cursor/rules files first and keep what is still true. Be concise: no generic advice, nothing a reader finds in a minute. Write the file with the Write tool (or Edit, if it exists).`;

export const BUILT_IN_PROMPTS: readonly CustomCommand[] = [
  {
    info: {
      name: 'init',
      description: 'Ask the model to write an AGENTS.md for this project',
      source: BUILT_IN_SOURCE,
      scope: 'user',
    },
    body: INIT_PROMPT,
    allowedTools: [],
    disableModelInvocation: true,
  },
];
