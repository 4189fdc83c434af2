// The process around the CLI, passed in so each mode says what it reads and writes.

export type OutputStream = NodeJS.WriteStream;

export interface CliIo {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly env: Readonly<Record<string, string | undefined>>;
}
