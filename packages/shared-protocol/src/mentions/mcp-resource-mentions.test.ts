import { describe, expect, it } from 'vitest';
import type { McpServerStatus } from '../rpc/mcp-server-status.js';
import { mcpResourceMentions, mcpResourceOf, mcpResourcePaths } from './mcp-resource-mentions.js';

const docs: McpServerStatus = {
  name: 'docs',
  transport: 'stdio',
  target: 'docs-server',
  state: 'connected',
  tools: [],
  resources: [{ uri: 'file:///guide.md', name: 'guide.md' }],
  since: 1,
};

describe('MCP resource mentions (@server:uri)', () => {
  it('name a connected server that lists resources, with the rest as the URI', () => {
    expect(mcpResourceOf('docs:file:///guide.md', [docs])).toStrictEqual({
      server: 'docs',
      uri: 'file:///guide.md',
    });
    expect(mcpResourceOf('src/a.ts', [docs])).toBeUndefined();
    expect(mcpResourceOf('other:x://y', [docs])).toBeUndefined();
    expect(mcpResourceOf('docs:file:///guide.md', [{ ...docs, state: 'failed' }])).toBeUndefined();
  });

  it('are found in a message, without a sentence’s full stop unless the server lists it so', () => {
    expect(
      mcpResourceMentions(
        'Read @docs:file:///guide.md. Then @docs:file:///other.md, and `@docs:file:///code.md` and @src/a.ts',
        [docs],
      ),
    ).toStrictEqual([
      { server: 'docs', uri: 'file:///guide.md' },
      { server: 'docs', uri: 'file:///other.md' },
    ]);
  });

  it('are completed from the listed resources of connected servers', () => {
    expect(mcpResourcePaths([docs, { ...docs, name: 'gone', state: 'closed' }])).toStrictEqual([
      'docs:file:///guide.md',
    ]);
  });
});
