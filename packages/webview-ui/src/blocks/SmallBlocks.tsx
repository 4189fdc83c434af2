// The blocks that need no state: a `!command` with its output, an error, a notice from Wave,
// and the divider compaction leaves in the display (its summary one click away).
import type { BangBlock, CompactBlock, ErrorBlock, NoticeBlock } from '@wave-agent/shared-protocol';
import { memo } from 'react';
import { SandboxBadge } from './SandboxBadge.js';
import { tailLines } from './text-tail.js';

const BANG_TAIL_LINES = 40;

export const BangBlockView = memo(function BangBlockView({ block }: { readonly block: BangBlock }) {
  const tail = tailLines(block.output, BANG_TAIL_LINES);
  const exit =
    block.stage === 'running'
      ? 'running'
      : block.exitCode === null
        ? 'stopped by a signal'
        : block.exitCode === 0 || block.exitCode === undefined
          ? 'done'
          : `exit code ${block.exitCode}`;
  return (
    <section className="bang-block" data-stage={block.stage} aria-label="Shell command">
      <header className="tool-header">
        <code className="tool-params">! {block.command}</code>
        <SandboxBadge sandboxed={block.sandboxed} />
        <span className="tool-stage">{exit}</span>
      </header>
      {tail.hiddenLines > 0 ? (
        <p className="tool-output-hidden">… {tail.hiddenLines} earlier lines</p>
      ) : null}
      {tail.text ? <pre>{tail.text}</pre> : null}
    </section>
  );
});

export const ErrorBlockView = memo(function ErrorBlockView({
  block,
}: {
  readonly block: ErrorBlock;
}) {
  return <p className="block-error">{block.message}</p>;
});

export const NoticeBlockView = memo(function NoticeBlockView({
  block,
}: {
  readonly block: NoticeBlock;
}) {
  return <p className={`block-notice notice-${block.level}`}>{block.message}</p>;
});

export const CompactBlockView = memo(function CompactBlockView({
  block,
}: {
  readonly block: CompactBlock;
}) {
  return (
    <details className="compact-block">
      <summary>Conversation compacted</summary>
      <p className="compact-summary">{block.summary}</p>
    </details>
  );
});
