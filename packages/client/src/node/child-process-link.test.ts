// The child-process link reads the child's stdout with the same framing reader as the bridge:
// a frame it cannot read is said as a problem of the client (not dropped without a word), and
// the frames after it are read and answered as usual. The child here is a small Node program
// that frames by hand, so the test reads what any program writing Content-Length frames writes.
import { afterEach, expect, it } from 'vitest';
import { transportOverLink } from '../transports/message-link.js';
import { childProcessLink } from './child-process-link.js';

const ECHO_SERVER = `
process.stdout.write('Content-Length: 5\\r\\n\\r\\nnot{}');
let buffer = '';
process.stdin.setEncoding('utf8').on('data', (text) => {
  buffer += text;
  for (;;) {
    const header = /Content-Length: (\\d+)\\r\\n\\r\\n/.exec(buffer);
    if (!header) return;
    const start = header.index + header[0].length;
    const end = start + Number(header[1]);
    if (buffer.length < end) return;
    const request = JSON.parse(buffer.slice(start, end));
    buffer = buffer.slice(end);
    const body = JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { echoed: request.method } });
    process.stdout.write('Content-Length: ' + Buffer.byteLength(body) + '\\r\\n\\r\\n' + body);
  }
});
`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

it('says what it skipped of the child’s output and goes on reading its answers', async () => {
  const link = childProcessLink({ args: ['-e', ECHO_SERVER], closeTimeoutMs: 1000 });
  cleanups.push(() => link.close());
  const transport = transportOverLink(link);
  const problems: string[] = [];
  transport.onProblem((problem) => problems.push(problem));

  expect(await transport.request('listSessions', {})).toEqual({ echoed: 'listSessions' });
  expect(await transport.request('getSessionState', {})).toEqual({ echoed: 'getSessionState' });
  expect(problems).toEqual([
    expect.stringMatching(
      /^wave --stdio wrote a frame that was skipped: The frame's body is not valid JSON/,
    ),
  ]);
});
