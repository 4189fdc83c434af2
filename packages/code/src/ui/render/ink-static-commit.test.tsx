// Wave's Ink patch (patches/ink@6.8.0.patch): once <Static> has written new items it empties
// itself in a second commit, which changes nothing on screen. Ink laid out and rendered the
// whole tree again for it, once a frame while a reply streams (the history grows every frame);
// the patch lets such a commit go. What is written stays the same: each item once, the live
// text after it.
import { EventEmitter } from 'node:events';
import { render, Static, Text } from 'ink';
import { describe, expect, it } from 'vitest';

class Terminal extends EventEmitter {
  readonly isTTY = true;
  readonly columns = 40;
  readonly rows = 10;
  written = '';
  write = (data: string): boolean => {
    this.written += data;
    return true;
  };
}

function Screen({ items, live }: { readonly items: readonly string[]; readonly live: string }) {
  return (
    <>
      <Static items={[...items]}>{(item) => <Text key={item}>{item}</Text>}</Static>
      <Text>{live}</Text>
    </>
  );
}

const settle = () => new Promise((done) => setTimeout(done, 50));

describe("Ink's <Static>, patched", () => {
  it('renders once for new history, not again for emptying itself, and writes each item once', async () => {
    const terminal = new Terminal();
    let renders = 0;
    const app = render(<Screen items={['first item']} live="live text" />, {
      stdout: terminal as unknown as NodeJS.WriteStream,
      patchConsole: false,
      onRender: () => {
        renders += 1;
      },
    });
    await settle();
    const before = renders;
    app.rerender(<Screen items={['first item', 'second item']} live="live text" />);
    await settle();
    expect(renders - before).toBe(1);
    app.rerender(<Screen items={['first item', 'second item']} live="live text grows" />);
    await settle();
    expect(renders - before).toBe(2);
    app.unmount();
    expect(terminal.written.split('first item').length - 1).toBe(1);
    expect(terminal.written.split('second item').length - 1).toBe(1);
    expect(terminal.written).toContain('live text grows');
  });
});
