// `pnpm bench`: every benchmark, printed as a table, with the scaling checks that must hold.
import { benchSdkStream } from './sdk-stream.js';
import { benchLongReply } from './long-reply.js';
import { benchSessionResume } from './session-resume.js';
import { benchUiDelta } from './ui-delta.js';
import { benchIssue12, ISSUE12_TITLE } from './issue12.js';
import { issue12Scenario } from './issue12-reply.js';
import { startMockLlmProcess } from './mock-llm-process.js';
import { benchWebUi } from './web-ui.js';
import { waveCommand } from './wave-command.js';

const MAX_STREAM_RATIO = 2.2;
const MAX_DELTA_RATIO = 1.5;
/** Session bytes per character, 8-character chunks over 32-character ones. */
const MAX_DISK_CHUNK_RATIO = 1.5;

function fixed(value: number, digits: number): string {
  return value.toFixed(digits);
}

const ISSUE12_RUNS = 3;

function ratio(wave: number, floor: number): string {
  return `${fixed(wave / floor, 2)}×`;
}

async function issue12(): Promise<void> {
  const wave = waveCommand();
  console.log(`${ISSUE12_TITLE}; medians of ${ISSUE12_RUNS}; wave = ${wave.label}`);
  let f;
  try {
    f = await benchIssue12(wave, ISSUE12_RUNS);
  } finally {
    wave.dispose();
  }
  const web = f.web.stream;
  const latency = f.web.inputLatency;
  const rows: [string, string, string, string][] = [
    [
      'headless -p CPU (user+sys)',
      `${fixed(f.headlessCpu.floor, 2)} s`,
      `${fixed(f.headlessCpu.wave, 2)} s`,
      ratio(f.headlessCpu.wave, f.headlessCpu.floor),
    ],
    [
      'start-up to first byte (1-chunk reply)',
      `${fixed(f.firstByteMs.floor, 0)} ms`,
      `${fixed(f.firstByteMs.wave, 0)} ms`,
      ratio(f.firstByteMs.wave, f.firstByteMs.floor),
    ],
    [
      'headless peak RSS',
      `${fixed(f.peakRssMiB.floor, 0)} MiB`,
      `${fixed(f.peakRssMiB.wave, 0)} MiB`,
      ratio(f.peakRssMiB.wave, f.peakRssMiB.floor),
    ],
    [
      'interactive UI (pty), CPU during the stream',
      '—',
      `${fixed(f.uiCpuSeconds, 2)} s`,
      `${ratio(f.uiCpuSeconds, f.headlessCpu.floor)} floor's headless CPU`,
    ],
    [
      'interactive UI (pty), bytes to the terminal',
      `${f.replyBytes.toLocaleString('en')} B reply`,
      `${f.uiBytes.toLocaleString('en')} B`,
      `${ratio(f.uiBytes, f.replyBytes)} the reply`,
    ],
    [
      'web UI (Chromium), page main-thread time',
      '—',
      `${fixed(web.mainThreadSeconds, 2)} s`,
      `${ratio(web.mainThreadSeconds, f.uiCpuSeconds)} the pty UI's CPU (script ${fixed(web.scriptSeconds, 2)} s)`,
    ],
    [
      'web UI, wave web CPU during the stream',
      '—',
      `${fixed(web.serverCpuSeconds, 2)} s`,
      `${ratio(web.serverCpuSeconds, f.uiCpuSeconds)} the pty UI's CPU`,
    ],
    [
      'web UI, bytes over the socket',
      `${f.replyBytes.toLocaleString('en')} B reply`,
      `${web.socketBytes.toLocaleString('en')} B`,
      `${ratio(web.socketBytes, f.replyBytes)} the reply, in ${web.socketMessages} messages`,
    ],
    [
      'web UI, input latency while streaming',
      '—',
      `${fixed(latency.medianMs, 1)} ms`,
      `median of ${latency.keys} keys in a 1,000-message session; p95 ${fixed(latency.p95Ms, 1)} ms, max ${fixed(latency.maxMs, 1)} ms`,
    ],
  ];
  console.log(`  ${'row'.padEnd(44)}${'floor'.padStart(16)}${'wave'.padStart(14)}  ratio`);
  for (const [name, floor, waveValue, ratioText] of rows) {
    console.log(`  ${name.padEnd(44)}${floor.padStart(16)}${waveValue.padStart(14)}  ${ratioText}`);
  }
}

/** `BENCH_ONLY=web`: the web UI's figures alone (the issue-12 table has them beside the rest). */
async function webOnly(): Promise<void> {
  const wave = waveCommand();
  const server = await startMockLlmProcess(issue12Scenario);
  try {
    const { stream, inputLatency } = await benchWebUi(wave, server.url, ISSUE12_RUNS);
    console.log(`Web UI, issue 12's stream; medians of ${ISSUE12_RUNS}; wave = ${wave.label}`);
    console.log(
      `  page main-thread time ${fixed(stream.mainThreadSeconds, 2)} s (script ${fixed(stream.scriptSeconds, 2)} s), ` +
        `wave web CPU ${fixed(stream.serverCpuSeconds, 2)} s, ` +
        `${stream.socketBytes.toLocaleString('en')} B over the socket in ${stream.socketMessages} messages`,
    );
    console.log(
      `  input latency while streaming into 1,000 messages: median ${fixed(inputLatency.medianMs, 1)} ms, ` +
        `p95 ${fixed(inputLatency.p95Ms, 1)} ms, max ${fixed(inputLatency.maxMs, 1)} ms (${inputLatency.keys} keys)`,
    );
  } finally {
    await server.close();
    wave.dispose();
  }
}

async function main(): Promise<number> {
  if (process.env.BENCH_ONLY === 'web') {
    await webOnly();
    return 0;
  }
  await issue12();
  if (process.env.BENCH_ONLY === 'issue12') return 0;
  console.log();
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

  console.log(
    '\nUI: apply and render one delta (median of 200), after 10 and after 1,000 messages',
  );
  await benchUiDelta(10, 50);
  const small = await benchUiDelta(10, 200);
  const large = await benchUiDelta(1000, 200);
  const deltaRatio = large.medianMs / small.medianMs;
  const flat = deltaRatio <= MAX_DELTA_RATIO;
  console.log(
    `  after 10: ${fixed(small.medianMs, 3)} ms; after 1,000: ${fixed(large.medianMs, 3)} ms`,
  );
  console.log(
    `  ratio 1,000 / 10: ${fixed(deltaRatio, 2)} (must be ≤ ${MAX_DELTA_RATIO}: ${flat ? 'flat' : 'GROWS WITH THE SESSION'})`,
  );

  console.log(
    '\nSessions: a 100-turn session (reasoning, a tool call, a 2,000-character reply each)',
  );
  const session = await benchSessionResume(100);
  console.log(
    `  ${session.events.toLocaleString('en')} events, ${session.messages} messages: ` +
      `file ${(session.fileBytes / 1024 / 1024).toFixed(2)} MiB, resume ${fixed(session.resumeMs, 0)} ms`,
  );

  console.log(
    '\nA long reply: 1,000,000 characters in 8- and in 32-character chunks, one process each',
  );
  const fine = await benchLongReply(1_000_000, 8);
  const coarse = await benchLongReply(1_000_000, 32);
  for (const f of [fine, coarse]) {
    console.log(
      `  ${String(f.chunkSize).padStart(2)}-char chunks: peak RSS ${fixed(f.maxRssMiB, 0)} MiB, ` +
        `session file ${fixed(f.sessionBytesPerChar, 2)} bytes per character`,
    );
  }
  const diskRatio = fine.sessionBytesPerChar / coarse.sessionBytesPerChar;
  const compact = diskRatio <= MAX_DISK_CHUNK_RATIO;
  console.log(
    `  disk per character, 8 / 32: ${fixed(diskRatio, 2)} (must be ≤ ${MAX_DISK_CHUNK_RATIO}: ${compact ? 'compact' : 'GROWS WITH SMALL CHUNKS'}); ` +
      `peak RSS 8 / 32: ${fixed(fine.maxRssMiB / coarse.maxRssMiB, 2)}`,
  );
  return linear && flat && compact ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
