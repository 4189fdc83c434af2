// The notes server as a child process speaking MCP over stdin/stdout (run with tsx). Its crash
// tool writes a last line to stderr and exits with code 3 in the middle of the call.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { notesServer } from './notes-server.js';

const server = notesServer({
  crash: () => {
    process.stderr.write('notes: the disk went away\n');
    process.exit(3);
  },
});
await server.connect(new StdioServerTransport());
process.stderr.write('notes server ready\n');
