// `pnpm bench`: every benchmark, printed as a table, with the scaling checks that must hold.
import { benchSdkStream } from './sdk-stream.js';
import { benchSessionResume } from './session-resume.js';
import { benchUiDelta } from './ui-delta.js';
import { benchUiPty } from './ui-pty.js';

const MAX_STREAM_RATIO = 2.2;
const MAX_DELTA_RATIO = 1.5;

function fixed(value: number, digits: number): string {
  return value.toFixed(digits);
}

async function main(): Promise<number> {
  console.log(
    'SDK stream: a reply from tools/mock-llm (separate process) through the Agent, best of 3 rounds',
  );
  await benchSdkStream([{ label: 'warm-up', chars: 100_000, chunkSize: 20 }], 1);
  const [single, double] = await benchSdkStream(
    [
      { label: '1M', chars: 1_000_000, chunkSize: 20 },
      { label: '2M', chars: 2_000_000, chunkSize: 20 },
    ],
    3,
  );
  if (!single || !double) throw new Error('The stream benchmark returned no figures.');
  for (const f of [single, double]) {
    console.log(
      `  ${f.label.padEnd(3)} ${f.chars.toLocaleString('en')} chars in ${f.chunks.toLocaleString('en')} chunks: ` +
        `CPU ${fixed(f.cpuSeconds, 2)} s, ${fixed(f.cpuMicrosPerChunk, 1)} µs per chunk, wall ${fixed(f.wallSeconds, 2)} s`,
    );
  }
  const ratio = double.cpuSeconds / single.cpuSeconds;
  const linear = ratio <= MAX_STREAM_RATIO;
  console.log(
    `  CPU ratio 2M / 1M: ${fixed(ratio, 2)} (must be ≤ ${MAX_STREAM_RATIO}: ${linear ? 'linear' : 'NOT LINEAR'})`,
  );
  return linear ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
