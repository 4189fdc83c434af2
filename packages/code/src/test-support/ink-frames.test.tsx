// The frame harness itself: it splits each frame into history and live area, keeps every
// frame, and its assertions catch what they are meant to catch.

import { describe, expect, it } from 'vitest';
import { Static, Text } from 'ink';
import {
  countWord,
  expectEachFrameContainsAtMostOnce,
  expectNoWordTwiceInAnyFrame,
  liveHeight,
  reconstructTerminal,
  renderFrames,
  stripAnsi,
} from './ink-frames.js';

function Log({ done, live }: { readonly done: string[]; readonly live: string }) {
  return (
    <>
      <Static items={done}>{(item) => <Text key={item}>{item}</Text>}</Static>
      <Text>{live}</Text>
    </>
  );
}

describe('the ink frame harness', () => {
  it('splits every frame into the history (written once) and the live area', () => {
    const terminal = renderFrames(<Log done={['one']} live="working…" />, {
      columns: 40,
      rows: 10,
    });
    terminal.rerender(<Log done={['one', 'two']} live="still working" />);
    terminal.rerender(<Log done={['one', 'two']} live="done" />);
    const { frames } = terminal;
    expect(frames.length).toBeGreaterThanOrEqual(3);
    expect(frames[0]).toMatchObject({ newHistory: 'one\n', live: 'working…' });
    expect(frames.map((frame) => frame.newHistory).join('')).toBe('one\ntwo\n');
    expect(terminal.lastFrame()).toMatchObject({
      history: 'one\ntwo\n',
      live: 'done',
      screen: 'one\ntwo\ndone',
    });
    expect(reconstructTerminal(frames)).toBe('one\ntwo\ndone');
    expect(liveHeight(terminal.lastFrame())).toBe(1);
    terminal.unmount();
  });

  it('uses the terminal size it is given', () => {
    const terminal = renderFrames(<Text>{'x'.repeat(30)}</Text>, { columns: 10, rows: 5 });
    expect(terminal.lastFrame().live.split('\n')).toEqual([
      'x'.repeat(10),
      'x'.repeat(10),
      'x'.repeat(10),
    ]);
    terminal.unmount();
  });

  it('fails a frame that shows a text twice, and only then', () => {
    const terminal = renderFrames(<Log done={['Hello']} live="" />);
    expect(() => expectEachFrameContainsAtMostOnce(terminal.frames, 'Hello')).not.toThrow();
    terminal.rerender(<Log done={['Hello']} live="Hello again" />);
    expect(() => expectEachFrameContainsAtMostOnce(terminal.frames, 'Hello')).toThrow(
      /shows "Hello" 2 times/,
    );
    expect(() => expectNoWordTwiceInAnyFrame(terminal.frames, /\bHello\b/g)).toThrow(
      /shows Hello twice/,
    );
    terminal.unmount();
  });

  it('counts whole words only', () => {
    expect(countWord('w1 w10 w1x w1', 'w1')).toBe(2);
    expect(stripAnsi('\u001B[31mred\u001B[39m')).toBe('red');
  });
});
