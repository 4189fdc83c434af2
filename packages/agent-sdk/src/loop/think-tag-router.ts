// Some models write their reasoning inline as <think>…</think> (or <thinking>…</thinking>) in the
// text. This routes those spans to the reasoning channel. A tag cut at a chunk boundary ("<thi")
// is held back until the next chunk decides it, so a half tag is never shown.

export type Channel = 'text' | 'reasoning';

export interface RoutedSegment {
  readonly channel: Channel;
  readonly text: string;
}

const OPEN_TAGS = ['<think>', '<thinking>'];
const CLOSE_TAGS = ['</think>', '</thinking>'];

export class ThinkTagRouter {
  private channel: Channel = 'text';
  private held = '';

  /** Routes a chunk; returns the segments that can be shown now, in order. */
  push(chunk: string): RoutedSegment[] {
    let input = this.held + chunk;
    this.held = '';
    const out: RoutedSegment[] = [];
    for (;;) {
      const tags = this.channel === 'text' ? OPEN_TAGS : CLOSE_TAGS;
      const found = findFirstTag(input, tags);
      if (found) {
        this.emit(out, input.slice(0, found.index));
        input = input.slice(found.index + found.tag.length);
        this.channel = this.channel === 'text' ? 'reasoning' : 'text';
        continue;
      }
      const holdFrom = partialTagStart(input, tags);
      this.emit(out, input.slice(0, holdFrom));
      this.held = input.slice(holdFrom);
      return out;
    }
  }

  /** The stream ended: whatever was held back was not a tag after all. */
  flush(): RoutedSegment[] {
    const out: RoutedSegment[] = [];
    this.emit(out, this.held);
    this.held = '';
    return out;
  }

  private emit(out: RoutedSegment[], text: string): void {
    if (text) out.push({ channel: this.channel, text });
  }
}

function findFirstTag(
  input: string,
  tags: readonly string[],
): { index: number; tag: string } | undefined {
  let best: { index: number; tag: string } | undefined;
  for (const tag of tags) {
    const index = input.indexOf(tag);
    if (index !== -1 && (!best || index < best.index)) best = { index, tag };
  }
  return best;
}

/** Where a possible tag prefix starts at the very end of the input, or input.length. */
function partialTagStart(input: string, tags: readonly string[]): number {
  const lastOpen = input.lastIndexOf('<');
  if (lastOpen === -1) return input.length;
  const tail = input.slice(lastOpen);
  return tags.some((tag) => tag.startsWith(tail) && tail.length < tag.length)
    ? lastOpen
    : input.length;
}
