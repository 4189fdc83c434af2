// The adapter on its own, with a listing a server might send: names made safe, sizes bounded,
// results turned into text. (The real round trips are in mcp-tools.test.ts.)
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { MAX_TOOL_OUTPUT_CHARS } from '../tools/bounded-output.js';
import { MAX_TOOLS_PER_SERVER, adaptMcpTools, mcpToolName } from './mcp-tool-adapter.js';

const schema = { type: 'object' as const, properties: { q: { type: 'string' } } };

function listed(name: string, extra: Partial<Tool> = {}): Tool {
  return { name, inputSchema: schema, ...extra };
}

function answering(result: CallToolResult) {
  return () => Promise.resolve(result);
}

const context = { workdir: '/work', signal: new AbortController().signal };

describe('MCP tools as Wave tools', () => {
  it('names them mcp__<server>__<tool>, making other characters _', () => {
    expect(mcpToolName('docs', 'search.v2 now')).toBe('mcp__docs__search_v2_now');
    const { tools } = adaptMcpTools(
      'docs',
      [listed('search', { description: 'Find pages' })],
      answering({ content: [] }),
    );
    expect(tools[0]).toMatchObject({
      name: 'mcp__docs__search',
      permission: 'execute',
      modelSchema: schema,
      description: 'Find pages\n(A tool of the MCP server "docs".)',
    });
  });

  it('leaves out what it cannot offer, each with a reason', () => {
    const many = Array.from({ length: MAX_TOOLS_PER_SERVER + 1 }, (_, index) =>
      listed(`t${index}`),
    );
    const { tools, problems } = adaptMcpTools(
      'docs',
      [
        listed('x'.repeat(80)),
        listed('big', {
          inputSchema: { type: 'object', properties: { a: { description: 'y'.repeat(70_000) } } },
        }),
        listed('a.b'),
        listed('a_b'),
        ...many,
      ],
      answering({ content: [] }),
    );
    expect(problems.slice(0, 3)).toEqual([
      `its tool "${'x'.repeat(80)}" is left out: mcp__docs__${'x'.repeat(80)} is longer than the 64 characters a tool name may have.`,
      expect.stringMatching(
        /^its tool "big" is left out: its input schema is \d+ characters, more than 65536\.$/,
      ),
      'its tool "a_b" is left out: another of its tools is also named mcp__docs__a_b.',
    ]);
    expect(problems.at(-1)).toBe(
      `it lists ${MAX_TOOLS_PER_SERVER + 5} tools; only the first ${MAX_TOOLS_PER_SERVER} are offered.`,
    );
    expect(tools.length).toBe(MAX_TOOLS_PER_SERVER - 3);
  });

  it('turns every kind of content into text the model reads, bounded like other tools', async () => {
    const [tool] = adaptMcpTools(
      'docs',
      [listed('search')],
      answering({
        content: [
          { type: 'text', text: 'found' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inside a' } },
          { type: 'resource_link', uri: 'file:///b.txt', name: 'b' },
        ],
      }),
    ).tools;
    const result = await tool?.execute({ q: 'x' }, context);
    expect(result).toEqual({
      output:
        'found\n[image image/png, 3 bytes: not shown to the model]\ninside a\n[resource link file:///b.txt (b)]',
    });
    const [long] = adaptMcpTools(
      'docs',
      [listed('long')],
      answering({ content: [{ type: 'text', text: 'z'.repeat(100_000) }] }),
    ).tools;
    const bounded = await long?.execute({}, context);
    expect(bounded?.output.length).toBeLessThan(MAX_TOOL_OUTPUT_CHARS + 200);
    expect(bounded?.output).toContain('characters cut from the middle of this output');
  });

  it('carries a failed call as an error result, never a throw', async () => {
    const [tool] = adaptMcpTools('docs', [listed('search')], () =>
      Promise.reject(new Error('The MCP server "docs" did not answer.')),
    ).tools;
    expect(await tool?.execute({}, context)).toEqual({
      isError: true,
      output: 'The MCP server "docs" did not answer.',
    });
  });
});
