// A block drawn from its view (shared-protocol's BlockView), by its shape, never by its kind: a
// card (a command with its status and output), a note (a line; its body a click away), a divider
// (the body a click away), a chip (an icon and a label). A new block kind needs nothing here.
import type { BlockView, ViewTone } from '@wave-agent/shared-protocol';
import { memo } from 'react';
import { AttachmentIcon } from './AttachmentIcon.js';
import { SandboxBadge } from './SandboxBadge.js';
import { ViewPartView } from './ViewPartView.js';
import { tailLines } from './text-tail.js';

/** Output lines a card shows; the last ones. */
const CARD_TAIL_LINES = 40;

/** The view's facts as data attributes, for hosts and tests to find the block by. */
function dataOf(view: BlockView): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(view.tags)) data[`data-${key}`] = value;
  return data;
}

function toneClass(tone: ViewTone): string {
  return `tone-${tone}`;
}

function Body({ view }: { readonly view: BlockView }) {
  return (
    <>
      {view.body.map((part, index) => (
        <ViewPartView key={index} part={part} />
      ))}
    </>
  );
}

function Card({ view }: { readonly view: BlockView }) {
  const tail = tailLines(view.output, CARD_TAIL_LINES);
  return (
    <section
      className="block-card"
      data-live={view.live ? 'yes' : 'no'}
      aria-label={view.name}
      {...dataOf(view)}
    >
      <header className="tool-header">
        <code className="tool-params">
          {view.mark === '' ? '' : `${view.mark} `}
          {view.title}
        </code>
        <SandboxBadge sandboxed={view.sandboxed} />
        <span className={`tool-stage ${toneClass(view.tone)}`}>{view.status}</span>
      </header>
      {tail.hiddenLines > 0 ? (
        <p className="tool-output-hidden">… {tail.hiddenLines} earlier lines</p>
      ) : null}
      {tail.text ? <pre>{tail.text}</pre> : null}
      <Body view={view} />
    </section>
  );
}

function Note({ view }: { readonly view: BlockView }) {
  const className = `block-note ${toneClass(view.tone)}`;
  if (view.body.length === 0)
    return (
      <p className={className} aria-label={view.name} {...dataOf(view)}>
        {view.title}
      </p>
    );
  return (
    <details className={className} aria-label={view.name} {...dataOf(view)}>
      <summary>{view.title}</summary>
      <Body view={view} />
    </details>
  );
}

function Divider({ view }: { readonly view: BlockView }) {
  return (
    <details className="block-divider" aria-label={view.name} {...dataOf(view)}>
      <summary>{view.title}</summary>
      <Body view={view} />
    </details>
  );
}

function Chip({ view }: { readonly view: BlockView }) {
  return (
    <span className="attachment-chip sent-chip" aria-label={view.name} {...dataOf(view)}>
      <AttachmentIcon kind={view.icon === 'image' ? 'image' : 'file'} />
      <span className="attachment-name">
        {view.title}
        {view.detail}
      </span>
    </span>
  );
}

export const ShapedBlock = memo(function ShapedBlock({ view }: { readonly view: BlockView }) {
  switch (view.shape) {
    case 'card':
      return <Card view={view} />;
    case 'note':
      return <Note view={view} />;
    case 'divider':
      return <Divider view={view} />;
    case 'chip':
      return <Chip view={view} />;
  }
});
