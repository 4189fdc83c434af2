// Sessions, rewind, /btw and the queue with the real `wave` against tools/mock-llm, in a real
// pseudo-terminal: --continue shows the last session as it ended (each word once) and names a
// corrupt session file instead of crashing (so does --resume with its id), keeps every word of a
// reply past one damaged line of its file (one notice), /rewind files-only
// puts back a file a tool changed, /btw answers in a box that leaves the history as it was, and
// a message typed during a reply is sent after it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '@wave-agent/mock-llm';
import { describe, expect, it } from 'vitest';
import { lastUserText, providerEnv, startMock } from './mock-model.js';
import { cleanEnv, runWave } from './wave-process.js';
import type { PtyTerminal } from './terminal.js';
import { KEYS } from './terminal.js';
import {
  PROMPT_READY,
  startWaveTerminal,
  waitForTurnEnd,
  wordOrder,
  wordsNotShownOnce,
} from './wave-terminal.js';
import { useE2eFixture } from './e2e-fixture.js';

const fx = useE2eFixture();

async function waveWith(scenario: Scenario, args: string[] = []): Promise<PtyTerminal> {
  await fx.mock?.close();
  fx.mock = await startMock(scenario);
  fx.terminal = await startWaveTerminal({
    env: providerEnv('anthropic', fx.mock.url),
    waveHome: fx.home.path,
    cwd: fx.work.path,
    args,
  });
  return fx.terminal;
}

async function leave(wave: PtyTerminal): Promise<void> {
  wave.write(KEYS.ctrlC);
  await wave.waitFor('Press Ctrl+C again to exit', 5_000);
  wave.write(KEYS.ctrlC);
  expect((await wave.exited()).exitCode).toBe(0);
  await wave.dispose();
  fx.terminal = undefined;
}

const count = (text: string, part: string): number => text.split(part).length - 1;
const hasWord = (n: number) => (all: string) => new RegExp(`\\bw${n}\\b`).test(all);

/** `wave --continue` once the last session's 300 words are all on screen, each of them once. */
async function continueWithAllWords(): Promise<{ again: PtyTerminal; all: string }> {
  const again = await waveWith(
    { name: 'unused', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
    ['--continue'],
  );
  const all = await again.waitFor(
    (text) => hasWord(300)(text) && text.includes(PROMPT_READY),
    10_000,
    'the continued session',
  );
  expect(wordsNotShownOnce(all, 1, 300)).toEqual([]);
  return { again, all };
}

describe('sessions, rewind, /btw and the queue in the terminal', () => {
  it('--continue shows the last session as it ended: thinking, the tool result, each word once', async () => {
    writeFileSync(join(fx.work.path, 'facts.txt'), 'the file says hello\n');
    const first = await waveWith({
      name: 'first session',
      chunkSize: 9,
      turns: [
        {
          match: { turnIndex: 0 },
          reply: [
            { type: 'reasoning', text: 'I should read the file first.', signature: 'c2ln' },
            { type: 'tool_call', name: 'Read', input: { file_path: 'facts.txt' } },
          ],
        },
        {
          match: { lastToolResultContains: 'the file says hello' },
          reply: [{ type: 'text', numberedWords: { count: 300 } }],
        },
      ],
    });
    await first.submit('read the facts');
    await waitForTurnEnd(first, hasWord(300));
    await leave(first);

    const { again, all } = await continueWithAllWords();
    expect(count(all, '── continuing session "read the facts"')).toBe(1);
    expect(count(all, '> read the facts')).toBe(1);
    expect(count(all, 'Thought for')).toBe(1);
    expect(count(all, 'I should read the file first.')).toBe(1);
    expect(count(all, 'Read facts.txt')).toBe(1);
    expect(count(all, 'the file says hello')).toBe(1);
    expect(fx.mock!.requests).toHaveLength(0);
    await leave(again);

    // A corrupt session file: one sentence naming it and why, and a working new session.
    const [sessionFile] = readdirSync(fx.home.path, { recursive: true, encoding: 'utf8' }).filter(
      (name) => name.endsWith('.jsonl') && name !== 'history.jsonl',
    );
    writeFileSync(join(fx.home.path, sessionFile!), 'not a session\n');
    const fresh = await waveWith(
      { name: 'fresh', turns: [{ reply: [{ type: 'text', text: 'a fresh answer' }] }] },
      ['--continue'],
    );
    const shown = await fresh.waitFor(/its first line is not JSON, so it is not a Wave session\./);
    // The long path wraps; compare without the line breaks and spaces the wrap moved.
    const squeezed = (text: string): string => text.replace(/\s+/g, '');
    expect(squeezed(shown)).toContain(
      squeezed(
        `Cannot read session file ${join(fx.home.path, sessionFile!)}: its first line is not JSON`,
      ),
    );
    expect(shown).not.toContain('> read the facts');
    await fresh.submit('still works?');
    await waitForTurnEnd(fresh, (text) => text.includes('a fresh answer'));
    await leave(fresh);

    // --resume with the damaged session's id: the file is there and named, not "no session".
    const damagedId = sessionFile!
      .split(/[\\/]/)
      .at(-1)!
      .replace(/\.jsonl$/, '');
    const resumed = await waveWith(
      { name: 'resumed', turns: [{ reply: [{ type: 'text', text: 'unused' }] }] },
      ['--resume', damagedId],
    );
    const told = await resumed.waitFor(
      (text) => /cannot be read as a session/.test(text) && text.includes(PROMPT_READY),
      10_000,
      'the sentence about the damaged file',
    );
    expect(squeezed(told)).toContain(
      squeezed(`The session file ${join(fx.home.path, sessionFile!)} is there, but it cannot`),
    );
    expect(squeezed(told)).toContain(squeezed('its first line is not JSON'));
    expect(told).not.toContain('There is no session');
  });

  it('--continue after one damaged line amid the reply shows every word of it once, and one notice', async () => {
    const first = await waveWith({
      name: 'a reply to damage',
      chunkSize: 9,
      turns: [{ reply: [{ type: 'text', numberedWords: { count: 300 } }] }],
    });
    await first.submit('count');
    await waitForTurnEnd(first, hasWord(300));
    await leave(first);

    const [sessionFile] = readdirSync(fx.home.path, { recursive: true, encoding: 'utf8' }).filter(
      (name) => name.endsWith('.jsonl') && name !== 'history.jsonl',
    );
    const path = join(fx.home.path, sessionFile!);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    const middle = lines.findIndex((line) => line.includes('"assistantContentUpdated"')) + 20;
    expect(lines[middle]?.startsWith('"')).toBe(true);
    lines.splice(middle, 0, 'a line that is not JSON');
    writeFileSync(path, `${lines.join('\n')}\n`);

    const { again, all } = await continueWithAllWords();
    expect(count(all, 'was skipped')).toBe(1);
    const squeezed = all.replace(/\s+/g, '');
    expect(squeezed).toContain(`Line${middle + 1}of`);
    expect(squeezed).toContain('wasskipped:notvalidJSON.');
    await leave(again);
  });

  it('/resume lists the sessions typed in the terminal first and marks those of wave -p runs', async () => {
    fx.mock = await startMock({
      name: 'three sessions',
      turns: ['print one', 'typed by hand', 'print two'].map((question) => ({
        match: { lastUserContains: question },
        reply: [{ type: 'text' as const, text: `answer to ${question}` }],
      })),
    });
    const env = { ...providerEnv('anthropic', fx.mock.url), WAVE_HOME: fx.home.path };
    const print = async (prompt: string) => {
      const run = await runWave(['-p', prompt], { env: cleanEnv(env), cwd: fx.work.path });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`answer to ${prompt}`);
    };
    await print('print one');
    const typed = await startWaveTerminal({ env, waveHome: fx.home.path, cwd: fx.work.path });
    fx.terminal = typed;
    await typed.submit('typed by hand');
    await waitForTurnEnd(typed, (all) => all.includes('answer to typed by hand'));
    await leave(typed);
    // The newest session is a print run's: still listed after the typed one.
    await print('print two');

    const wave = await startWaveTerminal({ env, waveHome: fx.home.path, cwd: fx.work.path });
    fx.terminal = wave;
    await wave.submit('/resume');
    const picker = await wave.waitFor(
      (all) => all.includes('print one') && all.includes('print two'),
      10_000,
      'the session picker',
    );
    const lines = picker.split('\n');
    const row = (title: string) =>
      lines.findIndex((line) => /^\W*\d+\. /.test(line) && line.includes(title));
    expect(row('typed by hand')).toBeGreaterThan(-1);
    expect(row('typed by hand')).toBeLessThan(row('print two'));
    expect(row('print two')).toBeLessThan(row('print one'));
    expect(lines[row('print two')]).toContain('wave -p');
    expect(lines[row('print one')]).toContain('wave -p');
    expect(lines[row('typed by hand')]).not.toContain('wave -p');
    wave.write(KEYS.escape);
  });

  it('/rewind files only puts back a file a tool changed; the conversation stays', async () => {
    const notes = join(fx.work.path, 'notes.txt');
    writeFileSync(notes, 'the original notes\n');
    const wave = await waveWith(
      {
        name: 'write',
        turns: [
          {
            match: { turnIndex: 0 },
            reply: [
              {
                type: 'tool_call',
                name: 'Write',
                input: { file_path: 'notes.txt', content: 'notes changed by wave\n' },
              },
            ],
          },
          {
            match: { lastToolResultContains: 'notes.txt' },
            reply: [{ type: 'text', text: 'I rewrote the notes.' }],
          },
        ],
      },
      ['--permission-mode', 'acceptEdits'],
    );
    await wave.submit('rewrite the notes');
    await waitForTurnEnd(wave, (text) => text.includes('I rewrote the notes.'));
    expect(readFileSync(notes, 'utf8')).toBe('notes changed by wave\n');
    await wave.submit('/rewind');
    await wave.waitFor('Rewind to before which of your messages?', 5_000);
    wave.write(KEYS.enter);
    await wave.waitFor('put back what?', 5_000);
    wave.write('3');
    await wave.waitFor('❯ 3. Files only', 5_000);
    wave.write(KEYS.enter);
    const all = await wave.waitFor('Restored 1 file: notes.txt', 5_000);
    expect(readFileSync(notes, 'utf8')).toBe('the original notes\n');
    expect(all).not.toContain('Rewound the conversation');
    expect(count(all, 'I rewrote the notes.')).toBe(1);
  });

  it('/btw answers in a box; the history stays exactly as it was', async () => {
    const wave = await waveWith({
      name: 'btw',
      turns: [
        {
          match: { lastUserContains: 'capital of France' },
          reply: [{ type: 'text', text: 'Paris is the capital of France.' }],
        },
        {
          match: { lastUserContains: 'hello' },
          reply: [{ type: 'text', text: 'hello to you too' }],
        },
      ],
    });
    await wave.submit('hello');
    const before = await waitForTurnEnd(wave, (text) => text.includes('hello to you too'));
    await wave.submit('/btw what is the capital of France?');
    const during = await wave.waitFor(
      (text) => text.includes('Paris is the capital of France.') && text.includes('Esc closes'),
      10_000,
      'the side answer',
    );
    expect(during).toContain('╭─ btw: what is the capital of France?');
    wave.write(KEYS.escape);
    const after = await wave.waitFor(
      (text) => !text.includes('btw:') && text.includes(PROMPT_READY),
      5_000,
      'the box closed',
    );
    // Nothing was written to the history: the fx.terminal reads as before the question.
    expect(after).toBe(before);
    expect(lastUserText(fx.mock!.requests.at(-1)!.body)).toContain('capital of France');
  });

  it('sends a message typed during a reply once that reply has ended', async () => {
    const wave = await waveWith({
      name: 'queue',
      chunkSize: 6,
      turns: [
        {
          match: { lastUserContains: 'count slowly' },
          // The reply holds after a few words until the test has queued its message, then
          // runs to its end: the test never races the stream, and nothing stops it.
          faults: [{ kind: 'hold', afterChunks: 6 }],
          reply: [{ type: 'text', numberedWords: { count: 200 } }],
        },
        {
          match: { lastUserContains: 'and then this' },
          reply: [{ type: 'text', text: 'the queued message was answered' }],
        },
      ],
    });
    await wave.submit('count slowly');
    await wave.waitFor(hasWord(5), 10_000, 'the reply streaming');
    await wave.submit('and then this');
    await wave.waitFor('queued 1: and then this', 5_000, 'the queued message');
    expect(fx.mock!.requests).toHaveLength(1);
    fx.mock!.release();
    const all = await waitForTurnEnd(wave, (text) =>
      text.includes('the queued message was answered'),
    );
    // The first reply ended on its own: every word once and in order, all of them before the
    // queued message was sent.
    expect(wordOrder(all)).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    expect(all.search(/\bw200\b/)).toBeLessThan(all.indexOf('> and then this'));
    expect(count(all, '> and then this')).toBe(1);
    expect(all).not.toContain('queued 1:');
    expect(fx.mock!.requests.map((request) => lastUserText(request.body))).toEqual([
      'count slowly',
      'and then this',
    ]);
  });
});
