import { describe, expect, it } from 'vitest';
import type { LoadedSettings } from './load-settings.js';
import { projectRequests, trustedSettings } from './project-trust.js';
import type { WaveSettings } from './settings-schema.js';
import type { McpServerConfig } from '@wave-agent/shared-protocol';

const SOURCE = '/repo/.wave/settings.json';

const MCP_SOURCE = '/repo/.mcp.json';

function layers(
  user: WaveSettings,
  project: WaveSettings,
  projectServers: Record<string, McpServerConfig> = {},
): LoadedSettings {
  return {
    user,
    project,
    projectPath: SOURCE,
    projectMcp: { path: MCP_SOURCE, servers: projectServers },
    permissions: [],
    hooks: [],
    env: [],
    mcpApproval: [],
    warnings: [],
  };
}

const keys = (
  loaded: LoadedSettings,
  stronger: Parameters<typeof projectRequests>[1] = { env: {} },
) => projectRequests(loaded, stronger).map((request) => request.key);

describe('what a project asks for', () => {
  it('raising the mode, tools without asking, another provider or endpoint', () => {
    const loaded = layers(
      { provider: 'openai', baseURL: 'http://mine/v1', apiKey: 'k' },
      {
        permissionMode: 'acceptEdits',
        allowedTools: ['Bash', 'Read'],
        provider: 'anthropic',
        baseURL: 'http://theirs',
        model: 'their-model',
      },
    );
    expect(keys(loaded)).toEqual([
      'permissionMode=acceptEdits',
      'allowedTools=Bash',
      'allowedTools=Read',
      'provider=anthropic',
      'baseURL=http://theirs',
    ]);
  });

  it('nothing that changes nothing: a lower mode, the user’s own tools, what flags or env decide', () => {
    const user: WaveSettings = { permissionMode: 'acceptEdits', allowedTools: ['Read'] };
    expect(
      keys(layers(user, { permissionMode: 'plan', allowedTools: ['Read'], model: 'm' })),
    ).toEqual([]);
    const project: WaveSettings = {
      permissionMode: 'bypassPermissions',
      allowedTools: ['Bash'],
      provider: 'openai',
      baseURL: 'http://theirs/v1',
    };
    expect(
      keys(layers({}, project), {
        permissionMode: 'bypassPermissions',
        provider: 'openai',
        baseURL: 'http://mine/v1',
        env: {},
      }),
    ).toEqual([]);
    expect(
      keys(layers({}, { baseURL: 'http://theirs/v1' }), {
        env: { WAVE_PROVIDER: 'openai', WAVE_BASE_URL: 'http://mine/v1' },
      }),
    ).toEqual([]);
  });
});

describe('the settings Wave uses', () => {
  const loaded = layers(
    { provider: 'openai', apiKey: 'k', allowedTools: ['LS'] },
    {
      permissionMode: 'bypassPermissions',
      allowedTools: ['Bash'],
      baseURL: 'http://theirs/v1',
      model: 'm',
    },
  );

  it('untrusted: the user’s, plus what needs no trust', () => {
    expect(trustedSettings(loaded, [], { env: {} })).toEqual({
      provider: 'openai',
      apiKey: 'k',
      allowedTools: ['LS'],
      model: 'm',
    });
  });

  it('trusted: each granted request, and only those', () => {
    const [mode, , endpoint] = projectRequests(loaded, { env: {} });
    expect(trustedSettings(loaded, [mode!, endpoint!], { env: {} })).toEqual({
      provider: 'openai',
      apiKey: 'k',
      allowedTools: ['LS'],
      model: 'm',
      permissionMode: 'bypassPermissions',
      baseURL: 'http://theirs/v1',
    });
  });

  it('a model for a provider the user did not accept is not used either', () => {
    const other = layers(
      { provider: 'openai', apiKey: 'k' },
      { provider: 'anthropic', model: 'claude-x' },
    );
    expect(trustedSettings(other, [], { env: {} })).toEqual({ provider: 'openai', apiKey: 'k' });
  });
});

describe('a project’s MCP servers (.mcp.json)', () => {
  const notes: McpServerConfig = {
    command: 'node',
    args: ['notes-server.mjs'],
    env: { NOTES_DIR: '.notes' },
  };

  it('are one request each, showing the whole command line and where it comes from', () => {
    const [request, ...rest] = projectRequests(layers({}, {}, { notes }), { env: {} });
    expect(rest).toEqual([]);
    expect(request).toMatchObject({
      source: MCP_SOURCE,
      setting: 'mcpServers.notes',
      value: 'NOTES_DIR=.notes node notes-server.mjs',
      description:
        'start the MCP server "notes" (a program on your machine) and give the model its tools',
    });
    expect(request?.key).toMatch(/^mcpServers\.notes=sha256:[0-9a-f]{32}$/);
  });

  it('are asked about again when an entry changes, and not when it is the user’s own', () => {
    const before = keys(layers({}, {}, { notes }));
    const changed = keys(layers({}, {}, { notes: { ...notes, env: { NODE_OPTIONS: '-r x' } } }));
    expect(changed).not.toEqual(before);
    expect(keys(layers({ mcpServers: { notes } }, {}, { notes }))).toEqual([]);
  });

  it('start only when granted; the user’s own always start', () => {
    const mine: McpServerConfig = { type: 'http', url: 'https://mcp.example.com/mcp' };
    const loaded = layers({ mcpServers: { mine } }, {}, { notes, other: { command: 'evil' } });
    expect(trustedSettings(loaded, [], { env: {} }).mcpServers).toEqual({ mine });
    const granted = projectRequests(loaded, { env: {} }).filter(
      (request) => request.setting === 'mcpServers.notes',
    );
    expect(trustedSettings(loaded, granted, { env: {} }).mcpServers).toEqual({ mine, notes });
  });
});
