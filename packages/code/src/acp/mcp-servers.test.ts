import { describe, expect, it } from 'vitest';
import { MAX_MCP_SERVERS, McpServersError, mcpServersFrom } from './mcp-servers.js';

describe('mcpServersFrom (ACP session/new mcpServers → Wave McpServers)', () => {
  it('turns stdio, http and sse entries into the .mcp.json shape, name/value pairs into records', () => {
    expect(
      mcpServersFrom([
        {
          name: 'files',
          command: '/usr/bin/mcp-files',
          args: ['--root', '/work'],
          env: [{ name: 'TOKEN', value: 't0k' }],
        },
        {
          type: 'http',
          name: 'search',
          url: 'https://mcp.example.com/mcp',
          headers: [{ name: 'Authorization', value: 'Bearer x' }],
        },
        { type: 'sse', name: 'old', url: 'http://127.0.0.1:9000/sse', headers: [] },
        { name: 'bare', command: 'mcp-bare', args: [], env: [] },
      ]),
    ).toEqual({
      files: { command: '/usr/bin/mcp-files', args: ['--root', '/work'], env: { TOKEN: 't0k' } },
      search: {
        type: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer x' },
      },
      old: { type: 'sse', url: 'http://127.0.0.1:9000/sse' },
      bare: { command: 'mcp-bare' },
    });
  });

  it('makes a name fit in tool names (mcp__<server>__<tool>) instead of refusing it', () => {
    expect(
      Object.keys(mcpServersFrom([{ name: 'My Server (local)', command: 'x', args: [], env: [] }])),
    ).toEqual(['My_Server__local_']);
  });

  it('refuses, with a sentence naming the problem, what it cannot use', () => {
    const stdio = (name: string) => ({ name, command: 'x', args: [], env: [] });
    expect(() => mcpServersFrom([stdio('a b'), stdio('a_b')])).toThrow(
      /both named "a_b".*rename one/,
    );
    expect(() => mcpServersFrom([stdio('  ')])).toThrow(/empty name/);
    expect(() =>
      mcpServersFrom([{ type: 'http', name: 'web', url: 'not a url', headers: [] }]),
    ).toThrow(/not usable at web\.url/);
    expect(() => mcpServersFrom([{ name: 'x', command: '', args: [], env: [] }])).toThrow(
      McpServersError,
    );
    const many = Array.from({ length: MAX_MCP_SERVERS + 1 }, (_, i) => stdio(`s${i}`));
    expect(() => mcpServersFrom(many)).toThrow(/at most 64/);
  });
});
