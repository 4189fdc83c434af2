// stdout carries protocol frames only. A library that prints (console.log, a stray
// process.stdout.write) would corrupt the stream the host parses, so once the bridge owns stdout
// every other write to it is sent to stderr instead, and the bridge writes through the stream
// returned here, which still reaches the real stdout.
import { Writable } from 'node:stream';

type WriteFunction = NodeJS.WriteStream['write'];

export interface GuardedStdout {
  /** Where protocol frames go: the real stdout. */
  readonly protocol: Writable;
  /** Puts stdout's own write back. */
  restore(): void;
}

export function guardStdout(
  stdout: { write: WriteFunction },
  stderr: { write: WriteFunction },
): GuardedStdout {
  const realWrite = stdout.write;
  const writeToStdout: WriteFunction = realWrite.bind(stdout);
  const strayToStderr: WriteFunction = stderr.write.bind(stderr);
  stdout.write = strayToStderr;
  const protocol = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      writeToStdout(chunk, (error) => callback(error ?? null));
    },
  });
  return {
    protocol,
    restore() {
      stdout.write = realWrite;
    },
  };
}
