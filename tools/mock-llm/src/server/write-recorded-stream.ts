// Serves a recorded stream (scenario-types.ts, RecordedStream): its frames as bytes, in writes
// of `writeBytes` with a pause between them, so the client reads pieces cut anywhere — inside an
// event, a JSON string or a UTF-8 character.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { WireApi } from '../conversation/conversation-facts.js';
import type { RecordedStream } from '../scenario/scenario-types.js';
import { recordedFrames } from '../wire/recorded-frames.js';
import { pause, writeAndFlush } from './socket-waits.js';

export async function readRecordedStream(recorded: RecordedStream, api: WireApi): Promise<Buffer> {
  const file = resolve(recorded.file);
  const text = await readFile(file, 'utf8');
  return Buffer.from(recordedFrames(api, text, file).join(''), 'utf8');
}

export async function writeRecordedStream(
  res: ServerResponse,
  bytes: Buffer,
  recorded: RecordedStream,
  signal: AbortSignal,
): Promise<void> {
  const size = recorded.writeBytes ?? bytes.length;
  for (let offset = 0; offset < bytes.length; offset += size) {
    if (offset > 0) await pause(recorded.pauseMs ?? 1, signal);
    await writeAndFlush(res, bytes.subarray(offset, offset + size), signal);
  }
  res.end();
}
