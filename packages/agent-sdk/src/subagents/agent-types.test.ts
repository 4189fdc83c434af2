import { describe, expect, it } from 'vitest';
import { toolsFor } from './agent-types.js';

const parent = ['Bash', 'Read', 'Grep', 'Agent', 'TaskOutput', 'TodoWrite'].map((name) => ({
  name,
}));
const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);

describe('toolsFor', () => {
  it('gives what the type names, less its disallowedTools, never a parent-only tool, old names as new', () => {
    const type = { name: 't', description: 'd', prompt: 'p' };
    expect(names(toolsFor(type, parent))).toEqual(['Bash', 'Read', 'Grep']);
    expect(names(toolsFor({ ...type, disallowedTools: ['Bash'] }, parent))).toEqual([
      'Read',
      'Grep',
    ]);
    expect(
      names(
        toolsFor(
          { ...type, tools: ['Read', 'Grep', 'Task', 'BashOutput'], disallowedTools: ['Grep'] },
          parent,
        ),
      ),
    ).toEqual(['Read']);
  });
});
