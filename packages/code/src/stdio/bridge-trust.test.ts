// Workspace trust over --stdio: a cloned repository's `.wave/settings.json` asking for
// bypassPermissions is the repository's word. The bridge asks the host (requestWorkspaceTrust)
// before the session starts, and never assumes a yes: no, an error or silence leave the setting
// ignored, so Bash still asks. A remembered yes is kept in $WAVE_HOME and not asked again.
// Real child processes, real mock model, real files.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MockLlm } from '@wave-agent/mock-llm';
import type {
  PermissionMode,
  PermissionQuestion,
  RequestWorkspaceTrustParams,
  RequestWorkspaceTrustResult,
  ToolBlock,
} from '@wave-agent/shared-protocol';
import { ResponseError } from 'vscode-jsonrpc/node.js';
import { afterEach, describe, expect, it } from 'vitest';
import { initializeParams, spawnBridge, startMock, turnEnded, useTempDirs } from './test-kit.js';
import type { BridgeChild } from './test-kit.js';

let bridges: BridgeChild[] = [];
let mock: MockLlm | undefined;
const dir = useTempDirs();

afterEach(async () => {
  for (const bridge of bridges) bridge.dispose();
  bridges = [];
  await mock?.close();
  mock = undefined;
});

function projectAsking(settings: Record<string, unknown>): string {
  const work = dir('work');
  mkdirSync(join(work, '.wave'));
  writeFileSync(join(work, '.wave', 'settings.json'), JSON.stringify(settings));
  return work;
}

interface Session {
  readonly trustQuestions: RequestWorkspaceTrustParams[];
  readonly permissionQuestions: PermissionQuestion[];
  readonly tool: ToolBlock | undefined;
  readonly bridge: BridgeChild;
  /** The session's permission mode right after initialize. */
  readonly modeAtStart: PermissionMode;
}

/** One bridge, one session in `work`, one turn whose model calls Bash. */
async function bashSession(
  home: string,
  work: string,
  answerTrust: ((params: RequestWorkspaceTrustParams) => RequestWorkspaceTrustResult) | undefined,
  initialize: { readonly permissionMode?: PermissionMode } = {},
): Promise<Session> {
  mock ??= await startMock({
    name: 'bash',
    turns: [
      { reply: [{ type: 'tool_call', name: 'Bash', input: { command: 'echo ran > ran.txt' } }] },
      { reply: [{ type: 'text', text: 'Done.' }] },
    ],
  });
  const bridge = spawnBridge({
    waveHome: home,
    cwd: work,
    env: { WAVE_STDIO_PERMISSION_TIMEOUT_MS: '5000' },
  });
  bridges.push(bridge);
  const trustQuestions: RequestWorkspaceTrustParams[] = [];
  const permissionQuestions: PermissionQuestion[] = [];
  if (answerTrust) {
    bridge.connection.onRequest('requestWorkspaceTrust', (params: RequestWorkspaceTrustParams) => {
      trustQuestions.push(params);
      return answerTrust(params);
    });
  }
  const { sessionId } = await bridge.request('initialize', {
    ...initializeParams('openai', mock, work),
    ...initialize,
  });
  const { state } = await bridge.request('getSessionState', { sessionId });
  await bridge.request('sendMessage', { sessionId, text: 'run it' });
  const next = await bridge.waitForEvent(
    (e) =>
      e.sessionId === sessionId &&
      (e.event.type === 'permissionRequested' || e.event.type === 'turnEnded'),
  );
  if (next.event.type === 'permissionRequested') {
    const { type: _type, ...question } = next.event;
    permissionQuestions.push(question);
    await bridge.request('answerPermission', {
      sessionId,
      requestId: question.requestId,
      decision: 'deny',
    });
    await bridge.waitForEvent(turnEnded(sessionId));
  }
  const { messages } = await bridge.request('getMessages', { sessionId });
  const tool = messages.flatMap((m) => m.blocks).find((b): b is ToolBlock => b.type === 'tool');
  return { trustQuestions, permissionQuestions, tool, bridge, modeAtStart: state.permissionMode };
}

describe('a project asking for bypassPermissions over --stdio', () => {
  it('asks the host, listing exactly what the folder asks for; a no leaves Bash asking', async () => {
    const work = projectAsking({ permissionMode: 'bypassPermissions', allowedTools: ['Bash'] });
    const run = await bashSession(dir('home'), work, () => ({ trusted: false }));
    expect(run.trustQuestions).toEqual([
      {
        workdir: realpathSync(work),
        requests: [
          {
            key: 'permissionMode=bypassPermissions',
            source: join(work, '.wave', 'settings.json'),
            setting: 'permissionMode',
            value: 'bypassPermissions',
            description: 'run every tool, including commands, without asking',
          },
          {
            key: 'allowedTools=Bash',
            source: join(work, '.wave', 'settings.json'),
            setting: 'allowedTools',
            value: 'Bash',
            description: 'run commands without asking',
          },
        ],
      },
    ]);
    expect(run.permissionQuestions.map((q) => q.toolName)).toEqual(['Bash']);
    expect(run.tool?.error).toMatch(/denied/);
    expect(() => statSync(join(work, 'ran.txt'))).toThrow();
    expect(run.bridge.stderr()).toMatch(
      /ignoring settings from .*because this folder is not trusted: permissionMode bypassPermissions/,
    );
  });

  it('a host that cannot answer (no such method) has not said yes', async () => {
    const work = projectAsking({ permissionMode: 'bypassPermissions' });
    const run = await bashSession(dir('home'), work, () => {
      throw new ResponseError(-32601, 'Unhandled method requestWorkspaceTrust');
    });
    expect(run.permissionQuestions).toHaveLength(1);
    expect(run.bridge.stderr()).toMatch(/could not answer whether to trust .*not trusted/);
  });

  it('a remembered yes: Bash runs without asking, and the next process does not ask again', async () => {
    const home = dir('home');
    const work = projectAsking({ permissionMode: 'bypassPermissions' });
    const first = await bashSession(home, work, () => ({ trusted: true, remember: true }));
    expect(first.trustQuestions).toHaveLength(1);
    expect(first.permissionQuestions).toEqual([]);
    expect(readFileSync(join(work, 'ran.txt'), 'utf8')).toBe('ran\n');
    const file = join(home, 'trusted-folders.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      version: 1,
      folders: { [realpathSync(work)]: { granted: ['permissionMode=bypassPermissions'] } },
    });

    await mock?.close();
    mock = undefined;
    const second = await bashSession(home, work, (params) => {
      throw new Error(`asked again: ${JSON.stringify(params)}`);
    });
    expect(second.trustQuestions).toEqual([]);
    expect(second.permissionQuestions).toEqual([]);
  });

  it('a new request after a remembered yes is asked about, alone', async () => {
    const home = dir('home');
    const work = projectAsking({ allowedTools: ['Read'] });
    await bashSession(home, work, () => ({ trusted: true, remember: true }));
    writeFileSync(
      join(work, '.wave', 'settings.json'),
      JSON.stringify({ allowedTools: ['Read'], permissionMode: 'bypassPermissions' }),
    );
    await mock?.close();
    mock = undefined;
    const later = await bashSession(home, work, () => ({ trusted: false }));
    expect(later.trustQuestions.map((q) => q.requests.map((r) => r.key))).toEqual([
      ['permissionMode=bypassPermissions'],
    ]);
    expect(later.permissionQuestions).toHaveLength(1);
  });

  it("the host's own permissionMode is the user's word: nothing to ask about", async () => {
    const work = projectAsking({ permissionMode: 'bypassPermissions' });
    const run = await bashSession(dir('home'), work, () => ({ trusted: true }), {
      permissionMode: 'default',
    });
    expect(run.trustQuestions).toEqual([]);
    // The host's default holds over the folder's bypassPermissions: Bash still asks.
    expect(run.modeAtStart).toBe('default');
    expect(run.permissionQuestions.map((q) => q.toolName)).toEqual(['Bash']);
    expect(() => statSync(join(work, 'ran.txt'))).toThrow();
  });
});

describe('a project’s .mcp.json over --stdio', () => {
  const server = fileURLToPath(
    new URL('../../test/e2e/fixtures/claude-code-project/notes-server.mjs', import.meta.url),
  );

  async function sessionWithMcp(answer: RequestWorkspaceTrustResult) {
    const work = dir('work');
    writeFileSync(
      join(work, '.mcp.json'),
      JSON.stringify({
        mcpServers: {
          notes: { command: 'node', args: [server], env: { NOTES_STARTED_FILE: 'started' } },
        },
      }),
    );
    mock ??= await startMock({ name: 'plain', turns: [{ reply: [{ type: 'text', text: 'hi' }] }] });
    const bridge = spawnBridge({ waveHome: dir('home'), cwd: work });
    bridges.push(bridge);
    const asked: RequestWorkspaceTrustParams[] = [];
    bridge.connection.onRequest('requestWorkspaceTrust', (params: RequestWorkspaceTrustParams) => {
      asked.push(params);
      return answer;
    });
    const { sessionId } = await bridge.request(
      'initialize',
      initializeParams('openai', mock, work),
    );
    // A turn waits for servers still starting, so after it the status is settled.
    await bridge.request('sendMessage', { sessionId, text: 'hello' });
    await bridge.waitForEvent(turnEnded(sessionId));
    const { state } = await bridge.request('getSessionState', { sessionId });
    return { work, asked, state, bridge };
  }

  it('asks the host about each server with its whole command line; a no starts nothing', async () => {
    const run = await sessionWithMcp({ trusted: false });
    expect(run.asked[0]?.requests).toEqual([
      expect.objectContaining({
        source: join(run.work, '.mcp.json'),
        setting: 'mcpServers.notes',
        value: `NOTES_STARTED_FILE=started node ${server}`,
      }),
    ]);
    expect(run.state.mcpServers).toEqual([]);
    // The server's own word: it never started (it writes its pid to this file when it does).
    // A server Wave starts has written it before the turn ends (the yes below); a start some
    // other way gets two seconds more.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(existsSync(join(run.work, 'started'))).toBe(false);
    expect(run.bridge.stderr()).toMatch(
      /not trusted: mcpServers\.notes NOTES_STARTED_FILE=started node /,
    );
  });

  it('a yes starts the server for the session', async () => {
    const run = await sessionWithMcp({ trusted: true });
    expect(run.state.mcpServers).toEqual([
      expect.objectContaining({
        name: 'notes',
        state: 'connected',
        tools: ['mcp__notes__add_note'],
      }),
    ]);
    expect(readFileSync(join(run.work, 'started'), 'utf8')).toMatch(/^\d+\n$/);
  });
});
