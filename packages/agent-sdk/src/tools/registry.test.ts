import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BUILTIN_TOOL_NAMES, builtinTools, findTool, selectTools } from './registry.js';
import { skillTool } from './skill.js';
import { taskTool } from './task.js';

describe('builtinTools', () => {
  it('offers the built-in tools with their permission classes', () => {
    expect(Object.fromEntries(builtinTools.map((tool) => [tool.name, tool.permission]))).toEqual({
      Bash: 'execute',
      Read: 'read-only',
      Write: 'edit',
      Edit: 'edit',
      Glob: 'read-only',
      Grep: 'read-only',
      LS: 'read-only',
      TodoWrite: 'read-only',
      WebFetch: 'read-only',
      WebSearch: 'read-only',
      TaskOutput: 'read-only',
      TaskStop: 'read-only',
      AskUserQuestion: 'read-only',
      ExitPlanMode: 'read-only',
    });
  });

  it('describes every tool and every input field to the model', () => {
    for (const tool of builtinTools) {
      expect(tool.description.length, tool.name).toBeGreaterThan(50);
      const schema = z.toJSONSchema(tool.inputSchema, { io: 'input' });
      const properties = Object.entries(schema.properties ?? {});
      expect(properties.length, tool.name).toBeGreaterThan(0);
      for (const [field, property] of properties) {
        expect(
          typeof property === 'object' && property.description,
          `${tool.name}.${field}`,
        ).toBeTruthy();
        expect(field, `${tool.name}.${field}`).toMatch(/^[a-z]+(_[a-z]+)*$/);
      }
    }
  });

  it('summarizes empty streaming input without throwing', () => {
    for (const tool of builtinTools) {
      expect(() => tool.compact({})).not.toThrow();
    }
  });

  it('reports touched paths for every file tool and none for Bash', () => {
    const withPaths = builtinTools
      .filter((tool) => tool.paths !== undefined)
      .map((tool) => tool.name);
    expect(withPaths).toEqual(['Read', 'Write', 'Edit', 'Glob', 'Grep', 'LS']);
  });
});

describe('findTool', () => {
  it('finds a tool by its exact name', () => {
    expect(findTool('Grep')?.name).toBe('Grep');
    expect(findTool('grep')).toBeUndefined();
  });
});

describe('selectTools', () => {
  it('offers everything by default', () => {
    expect(selectTools({})).toHaveLength(builtinTools.length);
  });

  it('keeps only allowed tools, then removes disallowed ones', () => {
    const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);
    expect(names(selectTools({ allowedTools: ['Read', 'Grep', 'Bash'] }))).toEqual([
      'Bash',
      'Read',
      'Grep',
    ]);
    expect(names(selectTools({ disallowedTools: ['Bash', 'Write'] }))).toEqual([
      'Read',
      'Edit',
      'Glob',
      'Grep',
      'LS',
      'TodoWrite',
      'TaskOutput',
      'TaskStop',
      'WebFetch',
      'WebSearch',
      'AskUserQuestion',
      'ExitPlanMode',
    ]);
    expect(
      names(selectTools({ allowedTools: ['Read', 'Bash'], disallowedTools: ['Bash'] })),
    ).toEqual(['Read']);
  });

  it("reads Claude Code's old tool names as the new ones", () => {
    const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);
    expect(names(selectTools({ allowedTools: ['BashOutput', 'KillShell'] }))).toEqual([
      'TaskOutput',
      'TaskStop',
    ]);
    expect(names(selectTools({ disallowedTools: ['KillBash'] }))).not.toContain('TaskStop');
  });
});

describe('BUILTIN_TOOL_NAMES', () => {
  it('names the listed tools and those a session builds, by the names the built tools carry', () => {
    const sessionTools = [taskTool([]), skillTool({ skills: () => [], onLoaded: () => undefined })];
    expect(BUILTIN_TOOL_NAMES).toEqual([...builtinTools, ...sessionTools].map((tool) => tool.name));
    expect(BUILTIN_TOOL_NAMES).toContain('Skill');
  });
});
