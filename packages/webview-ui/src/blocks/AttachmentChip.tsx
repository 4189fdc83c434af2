// A file or an image the user attached to a sent message (an AttachmentBlock), as a chip: an
// icon for its kind, then what every UI says of it (shared-protocol's attachmentLabel: name and
// lines, size, "cut" when only its start was sent). The content stays with the agent (kept by
// reference); the chip names it.
import { attachmentLabel } from '@wave-agent/shared-protocol';
import type { AttachmentBlock } from '@wave-agent/shared-protocol';
import { AttachmentIcon } from './AttachmentIcon.js';

export function AttachmentChip({ block }: { readonly block: AttachmentBlock }) {
  return (
    <span className="attachment-chip sent-chip" data-kind={block.kind}>
      <AttachmentIcon kind={block.kind} />
      <span className="attachment-name">{attachmentLabel(block)}</span>
    </span>
  );
}
