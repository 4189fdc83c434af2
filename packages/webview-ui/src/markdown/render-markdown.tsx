// Markdown tokens (marked's lexer) rendered as React elements. Nothing becomes raw HTML: HTML in
// the text is shown as text, links open only for http(s) and mailto, images are shown as their
// link (a page under a strict CSP loads no remote images, and a model should not make it try).
import type { MarkedToken, Token, Tokens } from 'marked';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { highlightCode } from './highlight.js';

const SAFE_LINK = /^(https?:|mailto:)/i;

const KNOWN_TYPES: ReadonlySet<string> = new Set<MarkedToken['type']>([
  'blockquote',
  'br',
  'checkbox',
  'code',
  'codespan',
  'def',
  'del',
  'em',
  'escape',
  'heading',
  'hr',
  'html',
  'image',
  'link',
  'list',
  'list_item',
  'paragraph',
  'space',
  'strong',
  'table',
  'text',
]);

/** Marked's own tokens (a switch on `type` narrows them); extensions' tokens are not. */
function isKnown(token: Token): token is MarkedToken {
  return KNOWN_TYPES.has(token.type);
}

function inline(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, index) => <Inline key={index} token={token} />);
}

function Inline({ token }: { readonly token: Token }): ReactNode {
  if (!isKnown(token)) return <>{token.raw}</>;
  switch (token.type) {
    case 'strong':
      return <strong>{inline(token.tokens)}</strong>;
    case 'em':
      return <em>{inline(token.tokens)}</em>;
    case 'del':
      return <del>{inline(token.tokens)}</del>;
    case 'codespan':
      return <code>{token.text}</code>;
    case 'br':
      return <br />;
    case 'link': {
      const link = token;
      if (!SAFE_LINK.test(link.href)) return <>{inline(link.tokens)}</>;
      return (
        <a
          href={link.href}
          title={link.title ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
        >
          {inline(link.tokens)}
        </a>
      );
    }
    case 'image': {
      const image = token;
      const label = image.text || image.href;
      return SAFE_LINK.test(image.href) ? (
        <a href={image.href} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ) : (
        <>{label}</>
      );
    }
    case 'text': {
      const text = token;
      return text.tokens ? <>{inline(text.tokens)}</> : <>{text.text}</>;
    }
    case 'escape':
      return <>{token.text}</>;
    case 'html':
      return <>{token.raw}</>;
    default:
      return <>{token.raw}</>;
  }
}

function Heading({ depth, children }: { readonly depth: number; readonly children: ReactNode }) {
  switch (depth) {
    case 1:
      return <h1>{children}</h1>;
    case 2:
      return <h2>{children}</h2>;
    case 3:
      return <h3>{children}</h3>;
    case 4:
      return <h4>{children}</h4>;
    case 5:
      return <h5>{children}</h5>;
    default:
      return <h6>{children}</h6>;
  }
}

function CodeBlock({
  token,
  highlight,
}: {
  readonly token: Tokens.Code;
  readonly highlight: boolean;
}) {
  const language = token.lang?.trim().split(/\s+/)[0];
  return (
    <pre className="code-block" data-language={language || undefined}>
      <code>{highlight ? highlightCode(token.text, language) : token.text}</code>
    </pre>
  );
}

function ListBlock({ token }: { readonly token: Tokens.List }) {
  const items = token.items.map((item, index) => (
    <li key={index}>
      {item.task ? (
        <input type="checkbox" checked={item.checked ?? false} readOnly disabled />
      ) : null}
      {blocks(item.tokens, true)}
    </li>
  ));
  return token.ordered ? (
    <ol start={token.start === '' ? undefined : token.start}>{items}</ol>
  ) : (
    <ul>{items}</ul>
  );
}

function TableBlock({ token }: { readonly token: Tokens.Table }) {
  const align = (index: number) => token.align[index] ?? undefined;
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            {token.header.map((cell, index) => (
              <th key={index} align={align(index)}>
                {inline(cell.tokens)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {token.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td key={index} align={align(index)}>
                  {inline(cell.tokens)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Block({
  token,
  highlight,
  tight,
}: {
  readonly token: Token;
  readonly highlight: boolean;
  readonly tight: boolean;
}): ReactNode {
  if (!isKnown(token)) return <p>{token.raw}</p>;
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'heading': {
      const heading = token;
      return <Heading depth={heading.depth}>{inline(heading.tokens)}</Heading>;
    }
    case 'paragraph':
      return <p>{inline(token.tokens)}</p>;
    case 'text': {
      // Text directly in a (tight) list item.
      const text = token;
      const content = text.tokens ? inline(text.tokens) : text.text;
      return tight ? <>{content}</> : <p>{content}</p>;
    }
    case 'code':
      return <CodeBlock token={token} highlight={highlight} />;
    case 'blockquote':
      return <blockquote>{blocks(token.tokens, false)}</blockquote>;
    case 'list':
      return <ListBlock token={token} />;
    case 'table':
      return <TableBlock token={token} />;
    case 'hr':
      return <hr />;
    case 'html':
      return <p className="markdown-html">{token.raw}</p>;
    default:
      return <p>{token.raw}</p>;
  }
}

function blocks(tokens: readonly Token[], tight: boolean): ReactNode[] {
  return tokens.map((token, index) => <Block key={index} token={token} highlight tight={tight} />);
}

/**
 * One top-level block, memoised by its token: a block whose token did not change is not
 * rendered again (finished blocks keep their DOM nodes while the last one streams).
 */
export const MarkdownBlock = memo(function MarkdownBlock({
  token,
  highlight,
}: {
  readonly token: Token;
  /** Off for the code block still streaming (it is highlighted once it is complete). */
  readonly highlight: boolean;
}) {
  return <Block token={token} highlight={highlight} tight={false} />;
});
