// Messages typed while Wave works, waiting their turn: shown (with the names of what was attached
// to each), editable and removable until they go out (the queue is session state: every attached
// view sees the same one).
import type { QueuedMessage } from '@wave-agent/shared-protocol';
import { useState } from 'react';

export interface QueuePanelProps {
  readonly queue: readonly QueuedMessage[];
  readonly onEdit: (id: string, text: string) => void;
  readonly onRemove: (id: string) => void;
}

function QueuedItem({
  item,
  onEdit,
  onRemove,
}: { readonly item: QueuedMessage } & Omit<QueuePanelProps, 'queue'>) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  if (draft !== undefined) {
    return (
      <li className="queued queued-editing">
        <textarea
          aria-label="Queued message"
          value={draft}
          rows={Math.min(draft.split('\n').length, 6)}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              if (draft.trim() === '') onRemove(item.id);
              else onEdit(item.id, draft);
              setDraft(undefined);
            } else if (event.key === 'Escape') setDraft(undefined);
          }}
          autoFocus
        />
        <button
          type="button"
          onClick={() => {
            onEdit(item.id, draft);
            setDraft(undefined);
          }}
        >
          Save
        </button>
        <button type="button" onClick={() => setDraft(undefined)}>
          Cancel
        </button>
      </li>
    );
  }
  return (
    <li className="queued">
      <span className="queued-text">{item.text}</span>
      {item.attachments?.length ? (
        <span className="queued-attachments" aria-label="Attached">
          {item.attachments.map((name) => (
            <span key={name} className="attachment-chip">
              <span className="attachment-name">{name}</span>
            </span>
          ))}
        </span>
      ) : null}
      <button
        type="button"
        onClick={() => setDraft(item.text)}
        aria-label={`Edit queued message: ${item.text}`}
      >
        Edit
      </button>
      <button
        type="button"
        onClick={() => onRemove(item.id)}
        aria-label={`Remove queued message: ${item.text}`}
      >
        Remove
      </button>
    </li>
  );
}

export function QueuePanel({ queue, onEdit, onRemove }: QueuePanelProps) {
  if (queue.length === 0) return null;
  return (
    <section className="queue" aria-label="Queued messages">
      <h2 className="queue-title">Waiting to be sent</h2>
      <ul>
        {queue.map((item) => (
          <QueuedItem key={item.id} item={item} onEdit={onEdit} onRemove={onRemove} />
        ))}
      </ul>
    </section>
  );
}
