// MCP servers in a real Agent against tools/mock-llm over real HTTP: the notes server (built with
// the SDK's server side) as a real child process over stdio and over streamable HTTP on
// 127.0.0.1. What the model is offered, a call's round trip, the permission rules, and every way
// a server fails (it crashes mid-call, never answers a call, never answers at all, is not there).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent, McpServers } from '@wave-agent/shared-protocol';
import type { Scenario } from '@wave-agent/mock-llm';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentOptions } from '../agent.js';
import { ofType, startHarness } from '../test-support/agent-harness.js';
import type { Harness } from '../test-support/agent-harness.js';
import { startHttpNotesServer } from './test-support/notes-http-server.js';
import type { HttpMcpServer } from './test-support/notes-http-server.js';
import {
  MISSING_PROGRAM_CONFIG,
  eventually,
  isAlive,
  notesStdioConfig,
  silentServerConfig,
} from './test-support/mcp-test-configs.js';

let harness: Harness | undefined;
let http: HttpMcpServer | undefined;
const temps: string[] = [];

afterEach(async () => {
  await harness?.agent.close();
  await harness?.dispose();
  harness = undefined;
  await http?.close();
  http = undefined;
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Where a test server writes its pid (a new folder, removed after the test). */
function newPidFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wave-mcp-pid-'));
  temps.push(dir);
  return join(dir, 'pid');
}

// Starting a TypeScript server through tsx takes a second or two; generous on a loaded machine.
const SLOW = { timeout: 60_000 };

function callThenAnswer(
  name: string,
  input: Record<string, unknown>,
  answerWhen: string,
): Scenario {
  return {
    name: 'mcp call',
    turns: [
      { match: { turnIndex: 0 }, reply: [{ type: 'tool_call', name, input }] },
      {
        match: { lastToolResultContains: answerWhen },
        reply: [{ type: 'text', text: 'Noted.' }],
      },
    ],
  };
}

const JUST_ANSWER: Scenario = {
  name: 'answer',
  turns: [{ reply: [{ type: 'text', text: 'Hi.' }] }],
};

async function withServers(
  scenario: Scenario,
  mcpServers: McpServers,
  options: Partial<AgentOptions> = {},
): Promise<Harness> {
  harness = await startHarness('openai', scenario, { mcpServers, ...options });
  return harness;
}

interface OfferedTool {
  readonly type: string;
  readonly function: { readonly name: string; readonly parameters: unknown };
}

/** The tools of the model request `index`, by name. */
function offeredTools(h: Harness, index: number): Map<string, OfferedTool['function']> {
  const body = h.mock.requests[index]?.body as { tools?: OfferedTool[] } | undefined;
  return new Map((body?.tools ?? []).map((tool) => [tool.function.name, tool.function]));
}

function requestText(h: Harness, index: number): string {
  return JSON.stringify(h.mock.requests[index]?.body ?? null);
}

function toolEnd(events: readonly AgentEvent[], name: string) {
  return ofType(events, 'toolBlockUpdated').find(
    (event) => event.name === name && event.stage === 'end',
  );
}

function notices(events: readonly AgentEvent[]): string[] {
  return ofType(events, 'noticeAdded').map((event) => event.message);
}

describe('MCP tools offered to the model', SLOW, () => {
  it('lists a stdio server’s tools as mcp__<server>__<tool> with the server’s own input schema', async () => {
    const h = await withServers(JUST_ANSWER, { notes: notesStdioConfig() });
    const result = await h.agent.sendMessage('hello');
    expect(result.stopReason).toBe('end_turn');
    const tools = offeredTools(h, 0);
    expect(tools.get('mcp__notes__add_note')?.parameters).toMatchObject({
      type: 'object',
      properties: {
        text: { type: 'string', description: 'What to remember' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['text'],
    });
    expect(tools.has('Bash')).toBe(true);
    const [server] = h.agent.sessionState.mcpServers;
    expect(server).toMatchObject({ name: 'notes', transport: 'stdio', state: 'connected' });
    expect(server?.tools).toEqual([
      'mcp__notes__add_note',
      'mcp__notes__read_only_store',
      'mcp__notes__hang',
      'mcp__notes__crash',
      'mcp__notes__show_env',
    ]);
    expect(h.agent.toolNames).toContain('mcp__notes__add_note');
    h.expectStateMatchesEvents();
  });

  it('round-trips a call over stdio: the result reaches the model’s next request', async () => {
    const h = await withServers(
      callThenAnswer('mcp__notes__add_note', { text: 'buy milk' }, 'Saved note 1: buy milk'),
      { notes: notesStdioConfig() },
      { allowedTools: ['mcp__notes__add_note'] },
    );
    const result = await h.agent.sendMessage('remember to buy milk');
    expect(result.stopReason).toBe('end_turn');
    const stages = ofType(h.events, 'toolBlockUpdated')
      .filter((event) => event.name === 'mcp__notes__add_note')
      .map((event) => event.stage);
    expect(stages[0]).toBe('start');
    expect(stages.slice(-2)).toEqual(['running', 'end']);
    const end = toolEnd(h.events, 'mcp__notes__add_note');
    expect(end?.result).toBe('Saved note 1: buy milk');
    expect(end?.error).toBeUndefined();
    expect(end?.compactParams).toBe('text: buy milk');
    expect(requestText(h, 1)).toContain('Saved note 1: buy milk');
    h.expectStateMatchesEvents();
  });

  it('round-trips a call over streamable HTTP, sending the configured headers', async () => {
    http = await startHttpNotesServer();
    const h = await withServers(
      callThenAnswer('mcp__remote__add_note', { text: 'over http' }, 'Saved note 1: over http'),
      { remote: { type: 'http', url: http.url, headers: { Authorization: 'Bearer test-token' } } },
      { permissionMode: 'bypassPermissions' },
    );
    const result = await h.agent.sendMessage('remember it remotely');
    expect(result.stopReason).toBe('end_turn');
    expect(offeredTools(h, 0).has('mcp__remote__add_note')).toBe(true);
    expect(toolEnd(h.events, 'mcp__remote__add_note')?.result).toBe('Saved note 1: over http');
    expect(requestText(h, 1)).toContain('Saved note 1: over http');
    expect(
      http.requests.every((request) => request.headers.authorization === 'Bearer test-token'),
    ).toBe(true);
    expect(h.agent.sessionState.mcpServers[0]).toMatchObject({
      transport: 'http',
      target: http.url,
    });
  });

  it('gives the server its own variables and the safe basics, never the user’s API key', async () => {
    const saved = process.env.WAVE_API_KEY;
    process.env.WAVE_API_KEY = 'users-secret-key';
    try {
      const h = await withServers(
        callThenAnswer('mcp__notes__show_env', {}, 'NOTES_DIR'),
        { notes: notesStdioConfig({ NOTES_DIR: '${NOTES_HOME:-/nowhere}/notes' }) },
        { permissionMode: 'bypassPermissions', env: { NOTES_HOME: '/home/me' } },
      );
      await h.agent.sendMessage('where are the notes?');
      const shown = JSON.parse(toolEnd(h.events, 'mcp__notes__show_env')?.result ?? '{}') as Record<
        string,
        unknown
      >;
      expect(shown.NOTES_DIR).toBe('/home/me/notes');
      expect(shown.WAVE_API_KEY).toBeNull();
      // It starts in the work folder, as in Claude Code: relative paths in its arguments work.
      expect(shown.cwd).toBe(h.workdir);
    } finally {
      if (saved === undefined) delete process.env.WAVE_API_KEY;
      else process.env.WAVE_API_KEY = saved;
    }
  });
});

describe("the settings' env for MCP servers", SLOW, () => {
  it("gives a stdio server the settings' variables under its own, never a key", async () => {
    const h = await withServers(
      callThenAnswer('mcp__notes__show_env', {}, 'NOTES_DIR'),
      { notes: notesStdioConfig() },
      {
        permissionMode: 'bypassPermissions',
        commandEnv: { NOTES_DIR: '/from/settings', WAVE_API_KEY: 'settings-key' },
      },
    );
    await h.agent.sendMessage('where are the notes?');
    const shown = JSON.parse(toolEnd(h.events, 'mcp__notes__show_env')?.result ?? '{}') as Record<
      string,
      unknown
    >;
    expect(shown.NOTES_DIR).toBe('/from/settings');
    expect(shown.WAVE_API_KEY).toBeNull();
  });
});

describe('MCP tools under the permission rules', SLOW, () => {
  it('asks in default mode; with no one to ask it is refused, saying which flag or setting allows it', async () => {
    const h = await withServers(
      callThenAnswer('mcp__notes__add_note', { text: 'secret' }, 'not run'),
      { notes: notesStdioConfig() },
    );
    // The scenario's second turn answers whatever the result: the turn goes on after a refusal.
    h.mock.setScenario({
      name: 'refused',
      turns: [
        {
          match: { turnIndex: 0 },
          reply: [{ type: 'tool_call', name: 'mcp__notes__add_note', input: { text: 'secret' } }],
        },
        { match: { turnIndex: 1 }, reply: [{ type: 'text', text: 'It was refused.' }] },
      ],
    });
    const result = await h.agent.sendMessage('note it');
    expect(result.stopReason).toBe('end_turn');
    const end = toolEnd(h.events, 'mcp__notes__add_note');
    expect(end?.error).toContain('mcp__notes__add_note is a tool of the MCP server "notes"');
    expect(end?.error).toContain('--permission-mode bypassPermissions');
    expect(end?.error).toContain(
      'allow it with a rule in the settings\' permissions.allow (e.g. "mcp__notes__add_note")',
    );
    expect(end?.result).toBeUndefined();
    expect(requestText(h, 1)).not.toContain('Saved note');
  });

  it('asks in acceptEdits too, and runs when the user says yes', async () => {
    const asked: string[] = [];
    const h = await withServers(
      callThenAnswer('mcp__notes__add_note', { text: 'asked' }, 'Saved note 1: asked'),
      { notes: notesStdioConfig() },
      {
        permissionMode: 'acceptEdits',
        canUseTool: (request) => {
          asked.push(`${request.toolName}: ${request.reason}`);
          return Promise.resolve({ decision: 'allow' });
        },
      },
    );
    await h.agent.sendMessage('note it');
    expect(asked).toEqual([
      'mcp__notes__add_note: mcp__notes__add_note is a tool of the MCP server "notes", which can do anything its server does',
    ]);
    expect(toolEnd(h.events, 'mcp__notes__add_note')?.result).toBe('Saved note 1: asked');
  });
});

describe('MCP servers that fail', SLOW, () => {
  it('reports a server that crashes mid-call in the result and its status, and the turn goes on without it', async () => {
    const h = await withServers(
      callThenAnswer('mcp__notes__crash', {}, 'stopped while crash ran'),
      { notes: notesStdioConfig() },
      { permissionMode: 'bypassPermissions' },
    );
    const result = await h.agent.sendMessage('crash it');
    expect(result.stopReason).toBe('end_turn');
    const end = toolEnd(h.events, 'mcp__notes__crash');
    expect(end?.error).toContain('The MCP server "notes" stopped while crash ran');
    expect(end?.result).toContain('notes: the disk went away');
    expect(requestText(h, 1)).toContain('stopped while crash ran');
    const [server] = h.agent.sessionState.mcpServers;
    expect(server?.state).toBe('failed');
    expect(server?.tools).toEqual([]);
    expect(server?.reason).toContain(
      'Its process ended; its last words on stderr: notes server ready / notes: the disk went away',
    );
    expect(
      notices(h.events).some((message) => message.startsWith('The MCP server "notes" stopped.')),
    ).toBe(true);
    // The next message is offered no tool of the dead server.
    h.mock.setScenario(JUST_ANSWER);
    await h.agent.sendMessage('and now?');
    expect([...offeredTools(h, 2).keys()].some((name) => name.startsWith('mcp__'))).toBe(false);
    h.expectStateMatchesEvents();
  });

  it('stops waiting for a call the server never answers, after the call timeout', async () => {
    const h = await withServers(
      callThenAnswer('mcp__notes__hang', {}, 'did not answer'),
      { notes: notesStdioConfig() },
      { permissionMode: 'bypassPermissions', mcpTimeouts: { callMs: 500 } },
    );
    const result = await h.agent.sendMessage('wait for it');
    expect(result.stopReason).toBe('end_turn');
    expect(toolEnd(h.events, 'mcp__notes__hang')?.error).toContain(
      'The MCP server "notes" did not answer hang within 500 ms',
    );
    expect(requestText(h, 1)).toContain('WAVE_MCP_TOOL_TIMEOUT_MS');
    // One slow call does not make the server unusable.
    expect(h.agent.sessionState.mcpServers[0]?.state).toBe('connected');
  });

  it('reports a tool’s own error result as an error the model reads', async () => {
    const h = await withServers(
      callThenAnswer('mcp__notes__read_only_store', {}, 'read-only'),
      { notes: notesStdioConfig() },
      { permissionMode: 'bypassPermissions' },
    );
    await h.agent.sendMessage('store it');
    const end = toolEnd(h.events, 'mcp__notes__read_only_store');
    expect(end?.error).toBe('The notes store is read-only.');
    expect(requestText(h, 1)).toContain('The notes store is read-only.');
  });

  it('gives up on a server that never answers at start-up, stops its process, and the turn goes on', async () => {
    const pidFile = newPidFile();
    // Beside it an HTTP server (in this process, quick to answer even on a loaded machine).
    http = await startHttpNotesServer();
    const h = await withServers(
      JUST_ANSWER,
      { silent: silentServerConfig(pidFile), remote: { type: 'http', url: http.url } },
      { mcpTimeouts: { connectMs: 3000 } },
    );
    const result = await h.agent.sendMessage('hello');
    expect(result.stopReason).toBe('end_turn');
    const silent = h.agent.sessionState.mcpServers.find((server) => server.name === 'silent');
    expect(silent?.state).toBe('failed');
    expect(silent?.reason).toContain('It did not answer within 3 s of starting');
    // The other server still came up, and its tools were offered.
    expect(offeredTools(h, 0).has('mcp__remote__add_note')).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(await eventually(() => !isAlive(pid), 15_000)).toBe(true);
  });

  it('says so when the program is not there', async () => {
    const h = await withServers(JUST_ANSWER, { ghost: MISSING_PROGRAM_CONFIG });
    await h.agent.sendMessage('hello');
    const [ghost] = h.agent.sessionState.mcpServers;
    expect(ghost?.state).toBe('failed');
    expect(ghost?.reason).toContain(
      'Wave could not start "wave-test-no-such-mcp-server": there is no such program (ENOENT)',
    );
    expect(notices(h.events).some((message) => message.includes('"ghost" is not available'))).toBe(
      true,
    );
  });

  it('tells the model which server is down and why when it calls one of its tools: the thrown error, not Node’s banner', async () => {
    const h = await withServers(
      callThenAnswer('mcp__broken__add_note', { text: 'x' }, 'cannot be called'),
      {
        broken: {
          command: process.execPath,
          args: [
            '-e',
            'console.error("notes: starting"); throw new Error("notes: cannot open the database at /nowhere")',
          ],
        },
      },
      { permissionMode: 'bypassPermissions' },
    );
    const result = await h.agent.sendMessage('note it');
    expect(result.stopReason).toBe('end_turn');
    const [broken] = h.agent.sessionState.mcpServers;
    expect(broken?.reason).toContain(
      'its last words on stderr: Error: notes: cannot open the database at /nowhere',
    );
    expect(broken?.reason).not.toContain('Node.js v');
    const error = toolEnd(h.events, 'mcp__broken__add_note')?.error ?? '';
    expect(error).toContain(
      'mcp__broken__add_note cannot be called: the MCP server "broken" is not running.',
    );
    expect(error).toContain('Error: notes: cannot open the database at /nowhere');
    expect(error).not.toContain('There is no tool named');
    expect(requestText(h, 1)).toContain('the MCP server \\"broken\\" is not running');
  });

  it('says so when a URL cannot be reached', async () => {
    const h = await withServers(JUST_ANSWER, {
      remote: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
    });
    await h.agent.sendMessage('hello');
    const [remote] = h.agent.sessionState.mcpServers;
    expect(remote?.state).toBe('failed');
    expect(remote?.reason).toContain('Wave could not connect to http://127.0.0.1:9/mcp');
  });

  it('says a server that answers 401 asks for a login, not that its URL is wrong', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'application/json' });
      response.end('{"error":"invalid_token"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/mcp`;
    try {
      const h = await withServers(JUST_ANSWER, { hosted: { type: 'http', url } });
      await h.agent.sendMessage('hello');
      const [hosted] = h.agent.sessionState.mcpServers;
      expect(hosted?.state).toBe('failed');
      expect(hosted?.reason).toBe(
        `${url} asks for a login (HTTP 401): Wave cannot log in to MCP servers with OAuth yet. If the server takes a token, give it in the server's "headers" (e.g. "Authorization": "Bearer \${TOKEN}").`,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('MCP servers and the session', SLOW, () => {
  it('closes every server with the agent: the process is gone and the status says closed', async () => {
    const h = await withServers(
      callThenAnswer('mcp__notes__show_env', {}, 'pid'),
      { notes: notesStdioConfig() },
      { permissionMode: 'bypassPermissions' },
    );
    await h.agent.sendMessage('who are you?');
    const { pid } = JSON.parse(toolEnd(h.events, 'mcp__notes__show_env')?.result ?? '{}') as {
      pid: number;
    };
    expect(isAlive(pid)).toBe(true);
    await h.agent.close();
    expect(isAlive(pid)).toBe(false);
    expect(h.agent.sessionState.mcpServers[0]?.state).toBe('closed');
  });

  it('stops a server still starting when the agent closes, without waiting out its timeout', async () => {
    const pidFile = newPidFile();
    const h = await withServers(
      JUST_ANSWER,
      { silent: silentServerConfig(pidFile) },
      { mcpTimeouts: { connectMs: 600_000 } },
    );
    expect(await eventually(() => existsSync(pidFile), 15_000)).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    // close() resolves once the process is gone.
    await h.agent.close();
    expect(isAlive(pid)).toBe(false);
    expect(h.agent.sessionState.mcpServers[0]?.state).toBe('closed');
    expect(ofType(h.events, 'mcpServerFailed')).toEqual([]);
  });

  it('ends a streamable HTTP session with DELETE when the agent closes, as the MCP spec asks', async () => {
    http = await startHttpNotesServer({ sessions: true });
    const h = await withServers(
      callThenAnswer('mcp__remote__add_note', { text: 'over http' }, 'Saved note 1'),
      { remote: { type: 'http', url: http.url } },
      { permissionMode: 'bypassPermissions' },
    );
    await h.agent.sendMessage('note it');
    expect(toolEnd(h.events, 'mcp__remote__add_note')?.result).toContain('Saved note 1: over http');
    const session = http.requests.find((request) => request.headers['mcp-session-id'])?.headers[
      'mcp-session-id'
    ];
    expect(session).toBeTypeOf('string');
    expect(http.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await h.agent.close();
    const deletes = http.requests.filter((request) => request.method === 'DELETE');
    expect(deletes.map((request) => request.headers['mcp-session-id'])).toEqual([session]);
  });

  it('gives a streamable HTTP server a new session on /clear, ending the old one with DELETE', async () => {
    http = await startHttpNotesServer({ sessions: true });
    const h = await withServers(
      callThenAnswer('mcp__remote__add_note', { text: 'again' }, 'Saved note 1'),
      { remote: { type: 'http', url: http.url } },
      { permissionMode: 'bypassPermissions' },
    );
    await h.agent.sendMessage('note it');
    const sessionOf = (request: HttpMcpServer['requests'][number]) =>
      request.headers['mcp-session-id'];
    const first = http.requests.map(sessionOf).find((id) => id !== undefined);
    expect(first).toBeTypeOf('string');
    await h.agent.clear();
    expect(http.requests.filter((request) => request.method === 'DELETE').map(sessionOf)).toEqual([
      first,
    ]);
    // The next message uses the server under its new session (a new server-side notes list).
    h.mock.setScenario(
      callThenAnswer('mcp__remote__add_note', { text: 'after clear' }, 'Saved note 1'),
    );
    await h.agent.sendMessage('note it again');
    expect(h.agent.sessionState.mcpServers[0]?.state).toBe('connected');
    const later = http.requests.map(sessionOf).filter((id) => id !== undefined && id !== first);
    expect(later.length).toBeGreaterThan(0);
    const ends = ofType(h.events, 'toolBlockUpdated').filter((event) => event.stage === 'end');
    expect(ends.at(-1)?.result).toContain('Saved note 1: after clear');
    h.expectStateMatchesEvents();
  });

  it('restarts a server that went away (/mcp restart): its tools come back; an unknown name is a sentence', async () => {
    const h = await withServers(
      callThenAnswer('mcp__notes__crash', {}, 'stopped while crash ran'),
      { notes: notesStdioConfig() },
      { permissionMode: 'bypassPermissions' },
    );
    await h.agent.sendMessage('crash it');
    expect(h.agent.sessionState.mcpServers[0]?.state).toBe('failed');
    expect(h.agent.sessionState.mcpServers[0]?.reason).toContain('/mcp restart notes');
    await expect(h.agent.restartMcpServer('nobody')).rejects.toThrow(
      'There is no MCP server "nobody" in this session; its servers: notes.',
    );
    await h.agent.restartMcpServer('notes');
    h.mock.setScenario(callThenAnswer('mcp__notes__add_note', { text: 'back' }, 'Saved note 1'));
    await h.agent.sendMessage('note it');
    expect(h.agent.sessionState.mcpServers[0]?.state).toBe('connected');
    const ends = ofType(h.events, 'toolBlockUpdated').filter((event) => event.stage === 'end');
    expect(ends.at(-1)?.result).toBe('Saved note 1: back');
    h.expectStateMatchesEvents();
  });

  it('keeps the servers’ status across /clear', async () => {
    const h = await withServers(JUST_ANSWER, { notes: notesStdioConfig() });
    await h.agent.sendMessage('hello');
    await h.agent.clear();
    expect(h.agent.sessionState.mcpServers[0]?.state).toBe('connected');
    h.expectStateMatchesEvents();
  });
});
