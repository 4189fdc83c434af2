// One generic part of a block's body (shared-protocol's ViewPart), as the chat UI draws it: the
// same few parts for every tool and block kind, so a new look needs no new component here.
import type { ViewPart } from '@wave-agent/shared-protocol';
import { LIST_MARKS } from '@wave-agent/shared-protocol';
import { Markdown } from '../markdown/Markdown.js';
import { FileChangeView } from './FileChangeView.js';
import { diffPartChange } from './tool-view.js';

/** Only web addresses become links: a model's `javascript:` or `file:` URL stays text. */
function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}

function Label({ text }: { readonly text: string | undefined }) {
  return text === undefined ? null : <p className="view-part-label">{text}</p>;
}

export function ViewPartView({ part }: { readonly part: ViewPart }) {
  switch (part.kind) {
    case 'text':
      return (
        <>
          <Label text={part.label} />
          <p className={`view-text tone-${part.tone ?? 'plain'}`}>{part.text}</p>
        </>
      );
    case 'markdown':
      return (
        <>
          <Label text={part.label} />
          <Markdown source={part.text} streaming={false} />
        </>
      );
    case 'code':
      return (
        <>
          <Label text={part.label} />
          {part.language === 'shell' ? (
            <pre className="tool-command">$ {part.text}</pre>
          ) : (
            <pre className="view-code">{part.text}</pre>
          )}
        </>
      );
    case 'diff':
      return <FileChangeView change={diffPartChange(part)} />;
    case 'list':
      return (
        <>
          <Label text={part.label} />
          <ul className="view-list">
            {part.items.map((item, index) => (
              <li key={index} data-mark={item.mark ?? 'none'}>
                {item.mark ? `${LIST_MARKS[item.mark]} ` : null}
                {item.text}
              </li>
            ))}
          </ul>
        </>
      );
    case 'keyValues':
      return (
        <>
          <Label text={part.label} />
          <dl className="view-key-values">
            {part.entries.map((entry, index) => (
              <div key={index}>
                <dt>{entry.key}</dt>
                <dd>{entry.value}</dd>
              </div>
            ))}
          </dl>
        </>
      );
    case 'link': {
      const href = safeHref(part.url);
      const text = part.text ?? part.url;
      return href === undefined ? (
        <p className="view-link">{text}</p>
      ) : (
        <p className="view-link">
          <a href={href} target="_blank" rel="noopener noreferrer">
            {text}
          </a>
        </p>
      );
    }
  }
}
