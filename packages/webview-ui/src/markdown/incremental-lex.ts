// Markdown lexed incrementally while it streams: appended text can only change the last block
// (a paragraph continues, a list grows, a fence closes), so the blocks before it keep their
// token objects and only the text from the last block on is lexed again. Rendering memoises by
// token, so a finished paragraph keeps its DOM nodes however long the message grows, and a delta
// costs the size of the last block, not of the message.
import { Lexer } from 'marked';
import type { Links, Token } from 'marked';

export interface LexedMarkdown {
  readonly source: string;
  readonly tokens: readonly Token[];
  /** Where each token starts in `source`; absent when the raws do not cover the source exactly. */
  readonly starts: readonly number[] | undefined;
  /** Link reference definitions, for blocks lexed later. */
  readonly links: Links;
}

function lex(source: string, links: Links): { tokens: Token[]; links: Links } {
  const lexer = new Lexer({ gfm: true });
  Object.assign(lexer.tokens.links, links);
  const tokens = lexer.lex(source);
  return { tokens, links: tokens.links };
}

/** Token start offsets, when the tokens' raws are exactly the source (no \r, nothing dropped). */
function startsOf(tokens: readonly Token[], source: string, from: number): number[] | undefined {
  const starts: number[] = [];
  let offset = from;
  for (const token of tokens) {
    if (source.startsWith(token.raw, offset) === false) return undefined;
    starts.push(offset);
    offset += token.raw.length;
  }
  return offset === source.length ? starts : undefined;
}

function lexWhole(source: string): LexedMarkdown {
  const { tokens, links } = lex(source, {});
  return { source, tokens, starts: startsOf(tokens, source, 0), links };
}

/** `source` lexed, reusing what `previous` lexed when `source` extends it. */
export function lexMarkdown(previous: LexedMarkdown | undefined, source: string): LexedMarkdown {
  if (previous?.source === source) return previous;
  const starts = previous?.starts;
  if (!previous || !starts || !source.startsWith(previous.source)) return lexWhole(source);
  // The last block that is not blank space may still change: lex again from its start.
  let open = previous.tokens.length - 1;
  while (open > 0 && previous.tokens[open]?.type === 'space') open--;
  const from = starts[open];
  if (from === undefined || open === 0) return lexWhole(source);
  const tail = lex(source.slice(from), previous.links);
  const tailStarts = startsOf(tail.tokens, source, from);
  if (!tailStarts) return lexWhole(source);
  return {
    source,
    tokens: [...previous.tokens.slice(0, open), ...tail.tokens],
    starts: [...starts.slice(0, open), ...tailStarts],
    links: tail.links,
  };
}
