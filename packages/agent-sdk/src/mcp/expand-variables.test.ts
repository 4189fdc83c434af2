import { describe, expect, it } from 'vitest';
import { expandVariables } from './expand-variables.js';

describe('${VAR} in an MCP server configuration', () => {
  it('expands command, args and env of a stdio server, with defaults, and names what is missing', () => {
    expect(
      expandVariables(
        {
          command: '${TOOLS}/server',
          args: ['--root', '${ROOT:-/srv}', '${UNSET}x'],
          env: { TOKEN: 'Bearer ${TOKEN}' },
        },
        { TOOLS: '/opt/tools', TOKEN: 't0k' },
      ),
    ).toEqual({
      config: {
        command: '/opt/tools/server',
        args: ['--root', '/srv', 'x'],
        env: { TOKEN: 'Bearer t0k' },
      },
      missing: ['UNSET'],
    });
  });

  it('expands the URL and headers of an http server, and leaves other text alone', () => {
    expect(
      expandVariables(
        { type: 'http', url: 'https://example.com/${PATH_PART}', headers: { A: '$HOME ${K}' } },
        { PATH_PART: 'mcp', K: 'v' },
      ),
    ).toEqual({
      config: { type: 'http', url: 'https://example.com/mcp', headers: { A: '$HOME v' } },
      missing: [],
    });
  });
});
