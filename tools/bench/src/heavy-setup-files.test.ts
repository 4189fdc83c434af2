// The heavy setup holds what the bench says it holds, and its MCP servers behave as named: run
// as real processes, spoken to in MCP's newline-delimited JSON-RPC.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HEAVY, serverConfig, SERVER_KINDS, writeHeavySetup } from './heavy-setup-files.js';

let home = '';
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** Sends `lines` to the server `index`, closes its stdin, and returns what it printed. */
function talk(serverScript: string, index: number, lines: readonly object[]): Promise<string> {
  const { json } = serverConfig(serverScript, index);
  const { command, args } = JSON.parse(json) as { command: string; args: string[] };
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (data: string) => (out += data));
  for (const line of lines) child.stdin.write(`${JSON.stringify(line)}\n`);
  child.stdin.end();
  return new Promise((resolve) => child.once('close', () => resolve(out)));
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't' } },
};
const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

describe('the heavy setup', () => {
  it('writes the counts the bench names', () => {
    home = mkdtempSync(join(tmpdir(), 'heavy-setup-test-'));
    const { marketplace } = writeHeavySetup(home);
    const claude = join(home, '.claude');
    expect(readdirSync(join(claude, 'commands'))).toHaveLength(HEAVY.commands);
    expect(readdirSync(join(claude, 'skills'))).toHaveLength(HEAVY.skills);
    expect(readdirSync(join(claude, 'agents'))).toHaveLength(HEAVY.agents);
    expect(readdirSync(join(claude, 'memory'))).toHaveLength(HEAVY.memoryFiles - 1);
    expect(readdirSync(join(marketplace, 'plugins'))).toHaveLength(HEAVY.plugins);
    expect(SERVER_KINDS).toHaveLength(HEAVY.mcpServers);
  });

  it('has MCP servers that answer with their tools, and one that never answers', async () => {
    home = mkdtempSync(join(tmpdir(), 'heavy-setup-test-'));
    const { serverScript } = writeHeavySetup(home);
    const quick = (await talk(serverScript, 0, [initialize, listTools]))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; result: Record<string, unknown> });
    expect(quick.map((message) => message.id)).toEqual([1, 2]);
    expect(quick[0]?.result.protocolVersion).toBe('2025-06-18');
    expect(quick[1]?.result.tools).toHaveLength(HEAVY.toolsPerServer);
    const silent = SERVER_KINDS.indexOf('silent');
    expect(await talk(serverScript, silent, [initialize, listTools])).toBe('');
  });
});
