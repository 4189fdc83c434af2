// A long reply streams: finished paragraphs move into the history while it streams, so the
// live area never gets taller than the terminal (Ink would otherwise clear the screen and
// redraw everything on each frame), and no word is ever shown twice or lost.

import { afterEach, describe, expect, it } from 'vitest';
import {
  assistantAdded,
  finished,
  textDelta,
  textEnd,
  userMessage,
} from '../../test-support/agent-events.js';
import {
  countWord,
  expectNoWordTwiceInAnyFrame,
  liveHeight,
  reconstructTerminal,
} from '../../test-support/ink-frames.js';
import type { MountedApp } from '../../test-support/mount-app.js';
import { mountApp } from '../../test-support/mount-app.js';

let app: MountedApp | undefined;
afterEach(() => app?.terminal.unmount());

const ROWS = 24;
const COLUMNS = 80;

interface Reply {
  readonly text: string;
  readonly words: readonly string[];
  readonly codeLines: readonly string[];
}

/**
 * 200 paragraphs of numbered words `w0001 w0002 …` (fixed width, so the half-streamed end of a
 * word never reads as an earlier word); every 10th paragraph is a fenced code block.
 */
function longReply(): Reply {
  const words: string[] = [];
  const codeLines: string[] = [];
  const paragraphs: string[] = [];
  for (let paragraph = 1; paragraph <= 200; paragraph += 1) {
    if (paragraph % 10 === 0) {
      // A code block with blank lines inside: never cut there.
      const id = String(paragraph).padStart(3, '0');
      const lines = [`code${id}a = 1`, '', `code${id}b = 2`, '', `code${id}c = 3`];
      codeLines.push(...lines.filter((line) => line !== ''));
      paragraphs.push(['```python', ...lines, '```'].join('\n'));
      continue;
    }
    const sentence = Array.from({ length: 6 + (paragraph % 5) }, () => {
      const word = `w${String(words.length + 1).padStart(4, '0')}`;
      words.push(word);
      return word;
    });
    paragraphs.push(sentence.join(' '));
  }
  return { text: paragraphs.join('\n\n'), words, codeLines };
}

function chunks(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let index = 0; index < text.length; index += size)
    pieces.push(text.slice(index, index + size));
  return pieces;
}

describe('progressive freezing of a long reply', () => {
  it('keeps the live area within the terminal and shows every word exactly once', async () => {
    app = await mountApp({ columns: COLUMNS, rows: ROWS });
    const reply = longReply();
    await app.emit(userMessage('u1', 'write a lot'), assistantAdded('a1'));
    for (const chunk of chunks(reply.text, 37)) await app.emit(textDelta('a1', chunk));
    await app.emit(textEnd('a1'), finished('a1'));

    const frames = app.terminal.frames;
    frames.forEach((frame, index) => {
      expect(liveHeight(frame), `frame ${index} live area:\n${frame.live}`).toBeLessThan(ROWS);
    });
    // Something was written while streaming, long before the end.
    const firstWrite = frames.findIndex((frame) => frame.newHistory.includes('w0001 '));
    expect(firstWrite).toBeGreaterThan(0);
    expect(firstWrite).toBeLessThan(frames.length / 4);

    expectNoWordTwiceInAnyFrame(frames, /\b(?:w\d{4}|code\d{3}[abc])\b/g);
    const output = reconstructTerminal(frames);
    for (const word of reply.words) expect(countWord(output, word), word).toBe(1);
    // Code blocks were never cut: each code line renders as code (indented), on its own line.
    for (const line of reply.codeLines) expect(output).toContain(`\n  ${line}\n`);
  });
});

describe('a code block taller than the terminal', () => {
  it('shows only its end while it streams, and all of it once finished', async () => {
    app = await mountApp({ columns: COLUMNS, rows: ROWS });
    const lines = Array.from(
      { length: 300 },
      (_, index) => `line${String(index + 1).padStart(3, '0')} = ${index}`,
    );
    const text = `Here it is:\n\n\`\`\`python\n${lines.join('\n')}\n\`\`\`\n\nDone.`;
    await app.emit(userMessage('u1', 'a big file'), assistantAdded('a1'));
    for (const chunk of chunks(text, 45)) await app.emit(textDelta('a1', chunk));
    await app.emit(textEnd('a1'), finished('a1'));

    const frames = app.terminal.frames;
    frames.forEach((frame, index) =>
      expect(liveHeight(frame), `frame ${index}`).toBeLessThan(ROWS),
    );
    expectNoWordTwiceInAnyFrame(frames, /\bline\d{3}\b/g);
    const output = reconstructTerminal(frames);
    for (const line of lines) expect(output).toContain(`\n  ${line}\n`);
  });
});
