// The writes of one synchronized update reach the stream as one, in order; nothing outside a
// bracket is held, and nothing is held past the bracket's end.
import { describe, expect, it } from 'vitest';
import { joinSynchronizedWrites, oneWritePerUpdate } from './synchronized-writes.js';

const BEGIN = '\u001B[?2026h';
const END = '\u001B[?2026l';
const HIDE = '\u001B[?25l';

function recorder() {
  const written: unknown[][] = [];
  const write = joinSynchronizedWrites((...args: unknown[]) => {
    written.push(args);
    return true;
  });
  return { written, write };
}

describe('joinSynchronizedWrites', () => {
  it('joins the drawing writes inside a bracket; the brackets and the cursor go at once', () => {
    const { written, write } = recorder();
    for (const data of [BEGIN, HIDE, 'erase', 'history\n', 'frame\n', END]) write(data);
    expect(written).toEqual([[BEGIN], [HIDE], ['erasehistory\nframe\n'], [END]]);
  });

  it('tells what was joined, before the joined write goes out', () => {
    const heard: string[] = [];
    const parts: (readonly string[])[] = [];
    const write = joinSynchronizedWrites(
      (data) => {
        heard.push(`write ${String(data)}`);
        return true;
      },
      (joined) => {
        parts.push(joined);
        heard.push('parts');
      },
    );
    for (const data of [BEGIN, 'erase', 'history\n', 'frame\n', END]) write(data);
    expect(parts).toEqual([['erase', 'history\n', 'frame\n']]);
    expect(heard).toEqual([
      `write ${BEGIN}`,
      'parts',
      'write erasehistory\nframe\n',
      `write ${END}`,
    ]);
  });

  it('passes writes outside a bracket through as they are', () => {
    const { written, write } = recorder();
    write('one');
    write('two');
    expect(written).toEqual([['one'], ['two']]);
  });

  it('releases what it holds before a write it cannot join (bytes, a callback)', () => {
    const { written, write } = recorder();
    const done = () => undefined;
    write(BEGIN);
    write('frame\n');
    write('tail', done);
    write(Buffer.from('x'));
    write(END);
    expect(written).toEqual([[BEGIN], ['frame\n'], ['tail', done], [Buffer.from('x')], [END]]);
  });

  it('writes nothing for an empty bracket but the brackets', () => {
    const { written, write } = recorder();
    write(BEGIN);
    write(END);
    expect(written).toEqual([[BEGIN], [END]]);
  });
});

describe('oneWritePerUpdate', () => {
  function sent() {
    const written: unknown[][] = [];
    const write = oneWritePerUpdate((...args: unknown[]) => {
      written.push(args);
      return true;
    });
    return { written, write };
  }

  it('sends a synchronized update as one write, brackets and cursor included', () => {
    const { written, write } = sent();
    for (const data of [BEGIN, HIDE, 'frame\n', END]) write(data);
    write('after');
    expect(written).toEqual([[`${BEGIN}${HIDE}frame\n${END}`], ['after']]);
  });

  it('keeps the order when a write with a callback or bytes comes inside an update', () => {
    const { written, write } = sent();
    const done = () => undefined;
    const bytes = Buffer.from('raw');
    write(BEGIN);
    write('one');
    write('two', done);
    write(bytes);
    write(END);
    expect(written).toEqual([[`${BEGIN}one`], ['two', done], [bytes], [END]]);
  });

  it('holds nothing past the run that began the update', async () => {
    const { written, write } = sent();
    write(BEGIN);
    write('unfinished');
    expect(written).toEqual([]);
    await Promise.resolve();
    expect(written).toEqual([[`${BEGIN}unfinished`]]);
  });
});
