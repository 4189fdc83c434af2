// A file or an image the user attached to a sent message (an AttachmentBlock), as a chip: an
// icon for its kind, its name and lines, its size, and whether only its start was sent. The
// content stays with the agent (kept by reference); the chip names it.
import type { AttachmentBlock } from '@wave-agent/shared-protocol';
import { linesLabel, sizeText } from './attachment-text.js';

export function AttachmentChip({ block }: { readonly block: AttachmentBlock }) {
  const name = linesLabel(block.name, block.lines);
  return (
    <span
      className="attachment-chip sent-chip"
      data-kind={block.kind}
      title={
        block.truncated ? `${name}: only its start was sent (it is longer than the bound)` : name
      }
    >
      <span className="attachment-icon" aria-hidden="true">
        {block.kind === 'image' ? '🖼' : '📄'}
      </span>
      <span className="attachment-name">{name}</span>
      <span className="attachment-size">
        {sizeText(block.bytes)}
        {block.truncated ? ', its start' : ''}
      </span>
    </span>
  );
}
