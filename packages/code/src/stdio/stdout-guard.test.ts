import { PassThrough } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { guardStdout } from './stdout-guard.js';
import type { GuardedStdout } from './stdout-guard.js';

function collected(stream: PassThrough): () => string {
  let text = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return () => text;
}

let guard: GuardedStdout | undefined;
afterEach(() => guard?.restore());

it('sends every other write to stdout to stderr, and protocol frames to the real stdout', async () => {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const [out, err] = [collected(stdout), collected(stderr)];
  guard = guardStdout(stdout, stderr);

  stdout.write('a stray line\n');
  await new Promise<void>((resolve, reject) =>
    guard!.protocol.write('Content-Length: 2\r\n\r\n{}', (e) => (e ? reject(e) : resolve())),
  );
  await new Promise((resolve) => setImmediate(resolve));
  expect(out()).toBe('Content-Length: 2\r\n\r\n{}');
  expect(err()).toBe('a stray line\n');

  guard.restore();
  stdout.write('after restore');
  await new Promise((resolve) => setImmediate(resolve));
  expect(out()).toBe('Content-Length: 2\r\n\r\n{}after restore');
});
