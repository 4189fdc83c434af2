// A text or reasoning block's markdown. While it streams, only its last top-level block is
// lexed and rendered again (incremental-lex.ts); a finished block is rendered once.
import { memo, useRef } from 'react';
import type { LexedMarkdown } from './incremental-lex.js';
import { lexMarkdown } from './incremental-lex.js';
import { MarkdownBlock } from './render-markdown.js';

export const Markdown = memo(function Markdown({
  source,
  streaming,
}: {
  readonly source: string;
  readonly streaming: boolean;
}) {
  const lexed = useRef<LexedMarkdown | undefined>(undefined);
  // Reading the previous result is only a hint (lexMarkdown checks that the text extends it),
  // so a render React throws away cannot leave anything wrong behind.
  const current = lexMarkdown(lexed.current, source);
  lexed.current = current;
  const last = current.tokens.length - 1;
  return (
    <div className="markdown">
      {current.tokens.map((token, index) => (
        <MarkdownBlock key={index} token={token} highlight={!streaming || index < last} />
      ))}
    </div>
  );
});
