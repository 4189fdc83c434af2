// MCP server configurations for the tests, in the shape a user writes: the notes server as a
// child process (through tsx, since it is TypeScript), a process that never answers, and a
// program that does not exist; and the npm reference server `server-everything` (prompts,
// resources) as a user starts it.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServerConfig } from '@wave-agent/shared-protocol';

const here = dirname(fileURLToPath(import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx');

export const NOTES_STDIO_SERVER = join(here, 'notes-stdio-server.ts');

export function notesStdioConfig(env?: Record<string, string>): McpServerConfig {
  return {
    command: process.execPath,
    args: ['--import', tsx, NOTES_STDIO_SERVER],
    ...(env ? { env } : {}),
  };
}

/** A process that starts, writes its pid to `pidFile`, and never says a word of MCP. */
export function silentServerConfig(pidFile: string): McpServerConfig {
  return {
    command: process.execPath,
    args: [
      '-e',
      'require("fs").writeFileSync(process.argv[1], String(process.pid)); setInterval(() => {}, 1000);',
      pidFile,
    ],
  };
}

/** `@modelcontextprotocol/server-everything` (pinned in package.json) over stdio. */
export function everythingStdioConfig(): McpServerConfig {
  const main = createRequire(import.meta.url).resolve(
    '@modelcontextprotocol/server-everything/dist/index.js',
  );
  return { command: process.execPath, args: [main, 'stdio'] };
}

export const MISSING_PROGRAM_CONFIG: McpServerConfig = { command: 'wave-test-no-such-mcp-server' };

/** Whether a process is still alive (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls until `test` holds, at most `timeoutMs`; false when it never did. */
export async function eventually(test: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (test()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return test();
}
