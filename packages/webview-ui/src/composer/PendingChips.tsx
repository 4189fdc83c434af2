// The attachments waiting in the prompt, as chips above the message box: an image with a small
// thumbnail made from its own bytes, a file with its lines (`file.ts:3-9`); each can be removed.
import type { PendingAttachment } from './pending-attachment.js';
import { formatBytes } from '@wave-agent/shared-protocol';
import { AttachmentIcon } from '../blocks/AttachmentIcon.js';

export function PendingChips({
  attachments,
  onRemove,
}: {
  readonly attachments: readonly PendingAttachment[];
  readonly onRemove: (id: string) => void;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachment-chips pending-chips" aria-label="Attachments">
      {attachments.map((attachment) => (
        <li key={attachment.id} className="attachment-chip" data-kind={attachment.input.type}>
          {attachment.thumbnail ? (
            <img className="attachment-thumbnail" src={attachment.thumbnail} alt="" />
          ) : (
            <AttachmentIcon kind="file" />
          )}
          <span className="attachment-name">{attachment.label}</span>
          {attachment.bytes !== undefined ? (
            <span className="attachment-size">{formatBytes(attachment.bytes)}</span>
          ) : null}
          <button
            type="button"
            className="attachment-remove"
            aria-label={`Remove ${attachment.label}`}
            onClick={() => onRemove(attachment.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
