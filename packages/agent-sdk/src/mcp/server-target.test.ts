import { describe, expect, it } from 'vitest';
import { serverDescription, serverTarget } from './server-target.js';

describe('how a server is shown', () => {
  it('shows the whole command line, quoting what a shell would need quoted, with its variables', () => {
    const config = {
      command: 'node',
      args: ['server.js', 'two words', "it's"],
      env: { NODE_OPTIONS: '--require ./x.js' },
    };
    expect(serverTarget(config)).toBe(`node server.js 'two words' 'it'\\''s'`);
    expect(serverDescription(config)).toBe(
      `NODE_OPTIONS='--require ./x.js' node server.js 'two words' 'it'\\''s'`,
    );
  });

  it('shows the URL and every header of a remote server', () => {
    expect(
      serverDescription({
        type: 'http',
        url: 'https://mcp.example.com/x',
        headers: { Authorization: 'Bearer ${TOKEN}' },
      }),
    ).toBe('HTTP https://mcp.example.com/x with headers Authorization: Bearer ${TOKEN}');
    expect(serverDescription({ type: 'sse', url: 'https://old.example.com/sse' })).toBe(
      'SSE https://old.example.com/sse',
    );
  });
});
