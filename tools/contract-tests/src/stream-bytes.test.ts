// Deltas only (ARCHITECTURE §2.1; 2026-08-04 meeting): what the bridge writes on stdout for a reply
// grows with the reply, not with its square. For a 200,000-character reply the bytes on stdout
// (counted as the child writes them) stay under 3× the reply; accumulated payloads would be
// hundreds of times larger.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { streamedContents } from './host/block-contents.js';
import { startContractFixture } from './host/contract-fixture.js';
import type { ContractFixture } from './host/contract-fixture.js';

const PATTERN = 'stream of deltas go ';
const REPLY_CHARS = 200_000;

let fixture: ContractFixture;
beforeAll(async () => {
  fixture = await startContractFixture();
});
afterAll(() => fixture.dispose());

it('writes less than 3 bytes on stdout per character of a 200,000-character reply', async () => {
  const session = await fixture.openSession('openai', {
    name: 'long reply',
    chunkSize: 256,
    turns: [
      {
        reply: [
          { type: 'text', repeat: { pattern: PATTERN, count: REPLY_CHARS / PATTERN.length } },
        ],
      },
    ],
  });
  const child = fixture.host.child!;
  const before = child.bytesRead;
  await session.converse('write a lot');
  const written = child.bytesRead - before;
  const ratio = written / REPLY_CHARS;
  console.log(
    `wave --stdio wrote ${written} bytes on stdout for a ${REPLY_CHARS}-character reply: ${ratio.toFixed(3)}× the reply (limit 3×)`,
  );

  const host = session.state.conversation;
  expect(streamedContents(host, 'text')).toEqual([PATTERN.repeat(REPLY_CHARS / PATTERN.length)]);
  // It streamed: the batches covered more events than the reply has chunks.
  expect(session.handle.seq).toBeGreaterThan(REPLY_CHARS / 256);
  expect(ratio).toBeLessThan(3);
  expect(session.state).toEqual(await session.pulled());
  await session.handle.close();
});
