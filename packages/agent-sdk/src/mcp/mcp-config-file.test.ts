import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_MCP_CONFIG_BYTES, parseMcpServers, readMcpConfigFile } from './mcp-config-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wave-mcp-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(text: string): string {
  const path = join(dir, '.mcp.json');
  writeFileSync(path, text);
  return path;
}

describe('reading .mcp.json', () => {
  it('reads Claude Code’s shape: stdio by default, http with headers', () => {
    const path = file(
      JSON.stringify({
        mcpServers: {
          notes: { command: 'npx', args: ['-y', '@acme/notes'], env: { NOTES_DIR: '.notes' } },
          docs: { type: 'http', url: 'https://docs.example.com/mcp', headers: { 'X-Key': 'k' } },
        },
      }),
    );
    expect(readMcpConfigFile(path)).toEqual({
      servers: {
        notes: { command: 'npx', args: ['-y', '@acme/notes'], env: { NOTES_DIR: '.notes' } },
        docs: { type: 'http', url: 'https://docs.example.com/mcp', headers: { 'X-Key': 'k' } },
      },
      problems: [],
    });
  });

  it('skips a bad entry with a sentence naming it, and keeps the others', () => {
    const path = file(
      JSON.stringify({
        mcpServers: {
          good: { command: 'node', args: ['server.js'] },
          noCommand: { args: ['x'] },
          'bad name': { command: 'x' },
          web: { type: 'http' },
          odd: { type: 'websocket', url: 'ws://x' },
        },
      }),
    );
    const read = readMcpConfigFile(path);
    expect(Object.keys(read.servers)).toEqual(['good']);
    expect(read.problems).toEqual([
      `ignoring the MCP server "noCommand" in ${path}: a stdio server needs "command" (a program), "args" as a list of strings and "env" as strings.`,
      `ignoring the MCP server "bad name" in ${path}: a server name may hold only letters, digits, _ and - (at most 64), since it becomes part of tool names.`,
      `ignoring the MCP server "web" in ${path}: a "http" server needs "url" (a full URL such as https://example.com/mcp), and "headers" as strings.`,
      `ignoring the MCP server "odd" in ${path}: "type" must be "stdio" (the default), "http" or "sse", not "websocket".`,
    ]);
  });

  it('says what is wrong with a file it cannot use, and reads a missing one as no servers', () => {
    expect(readMcpConfigFile(join(dir, 'missing.json'))).toEqual({ servers: {}, problems: [] });
    expect(readMcpConfigFile(file('{"mcpServers": ')).problems[0]).toMatch(
      /^ignoring .*\.mcp\.json: it is not valid JSON \(.*\)\. Fix the file\.$/,
    );
    expect(readMcpConfigFile(file('[]')).problems).toEqual([
      `ignoring ${join(dir, '.mcp.json')}: it must hold one object, like {"mcpServers": {…}}.`,
    ]);
    expect(readMcpConfigFile(file(' '.repeat(MAX_MCP_CONFIG_BYTES + 1))).problems[0]).toContain(
      'more than the 1048576 an MCP configuration may have',
    );
    const folder = join(dir, 'folder.json');
    mkdirSync(folder);
    expect(readMcpConfigFile(folder).problems).toEqual([
      `ignoring ${folder}: it is not a regular file.`,
    ]);
  });

  it('reads the mcpServers of a settings file the same way', () => {
    expect(parseMcpServers(['x'], 'settings.json').problems[0]).toContain(
      'it must be an object of servers by name',
    );
    expect(parseMcpServers(undefined, 'settings.json')).toEqual({ servers: {}, problems: [] });
  });
});
