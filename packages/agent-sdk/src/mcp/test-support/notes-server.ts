// A real MCP server for the tests, built with the SDK's server side: a notes store whose tools
// succeed, report an error, never answer, or crash the process mid-call, and one that says
// which variables it was started with. The same factory is served over stdio (a child process:
// notes-stdio-server.ts) and over streamable HTTP on 127.0.0.1 (notes-http-server.ts).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export interface NotesServerOptions {
  /** How the crash tool ends the process (stdio only; HTTP servers answer it with an error). */
  readonly crash?: () => never;
}

export function notesServer(options: NotesServerOptions = {}): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  const notes: string[] = [];
  server.registerTool(
    'add_note',
    {
      description: 'Saves a note and returns its number.',
      inputSchema: z.object({
        text: z.string().describe('What to remember'),
        tags: z.array(z.string()).optional(),
      }),
    },
    ({ text }) => {
      notes.push(text);
      return { content: [{ type: 'text', text: `Saved note ${notes.length}: ${text}` }] };
    },
  );
  server.registerTool(
    'read_only_store',
    { description: 'Fails: the store cannot be written.', inputSchema: z.object({}) },
    () => ({ isError: true, content: [{ type: 'text', text: 'The notes store is read-only.' }] }),
  );
  server.registerTool(
    'hang',
    { description: 'Never answers.', inputSchema: z.object({}) },
    () => new Promise<never>(() => {}),
  );
  server.registerTool(
    'crash',
    {
      description: 'Ends the server process in the middle of the call.',
      inputSchema: z.object({}),
    },
    () => {
      if (options.crash) options.crash();
      return { isError: true, content: [{ type: 'text', text: 'This server cannot crash.' }] };
    },
  );
  server.registerTool(
    'show_env',
    { description: 'Says which variables the server was started with.', inputSchema: z.object({}) },
    () => ({
      content: [
        {
          type: 'text',
          text: JSON.stringify({
            NOTES_DIR: process.env.NOTES_DIR ?? null,
            WAVE_API_KEY: process.env.WAVE_API_KEY ?? null,
            cwd: process.cwd(),
            pid: process.pid,
          }),
        },
      ],
    }),
  );
  return server;
}
