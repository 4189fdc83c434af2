// /rewind: pick one of your messages and what to put back as it was before it — the
// conversation, the files Wave changed since, or both. The cut arrives as an event (every view
// sees it); the message comes back into the prompt to edit.
import { typedText } from '@wave-agent/shared-protocol';
import type { Message, RewindRestoreTarget } from '@wave-agent/shared-protocol';
import { useId, useState } from 'react';
import { ModalDialog } from './ModalDialog.js';

const TARGETS: readonly { readonly value: RewindRestoreTarget; readonly label: string }[] = [
  { value: 'both', label: 'Conversation and files' },
  { value: 'conversation', label: 'Conversation only' },
  { value: 'files', label: 'Files only' },
];

export interface RewindChoice {
  readonly messageId: string;
  readonly restore: RewindRestoreTarget;
  readonly text: string;
}

export function RewindDialog({
  messages,
  onRewind,
  onClose,
}: {
  readonly messages: readonly Message[];
  readonly onRewind: (choice: RewindChoice) => void;
  readonly onClose: () => void;
}) {
  const userMessages = messages.filter((message) => message.role === 'user').reverse();
  const [chosen, setChosen] = useState<string | undefined>(userMessages[0]?.id);
  const [restore, setRestore] = useState<RewindRestoreTarget>('both');
  const groupId = useId();
  const picked = userMessages.find((message) => message.id === chosen);
  return (
    <ModalDialog title="Rewind" onCancel={onClose} className="rewind-dialog">
      {userMessages.length === 0 ? <p>There is no message of yours to go back to yet.</p> : null}
      <fieldset className="rewind-messages">
        <legend>Go back to before</legend>
        {userMessages.map((message) => (
          <label key={message.id}>
            <input
              type="radio"
              name={`${groupId}-message`}
              checked={chosen === message.id}
              onChange={() => setChosen(message.id)}
            />
            <span className="rewind-text">{typedText(message) || '(empty message)'}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="rewind-targets">
        <legend>Put back</legend>
        {TARGETS.map((target) => (
          <label key={target.value}>
            <input
              type="radio"
              name={`${groupId}-target`}
              checked={restore === target.value}
              onChange={() => setRestore(target.value)}
            />
            {target.label}
          </label>
        ))}
      </fieldset>
      <div className="dialog-buttons">
        <button
          type="button"
          className="primary"
          disabled={!picked}
          onClick={() =>
            picked && onRewind({ messageId: picked.id, restore, text: typedText(picked) })
          }
        >
          Rewind
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
