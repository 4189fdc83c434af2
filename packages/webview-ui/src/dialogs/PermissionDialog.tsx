// A tool call waiting for the user's word, as a dialog: what Wave wants to do (the command, the
// file change, or the call's input), why it asks, and Allow / Allow for this session / Deny. It
// is session state, so it is still here after a reload and any attached view may answer it.
// It is not modal (the conversation stays readable), and when it appears focus goes to the
// dialog itself, not to a button: an Enter meant for the prompt must never allow anything.
import { isRecord } from '@wave-agent/shared-protocol';
import type { PermissionDecision, PermissionQuestion } from '@wave-agent/shared-protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { FileChangeView } from '../blocks/FileChangeView.js';
import { commandOf, fileChange } from '../blocks/tool-view.js';

function inputOf(question: PermissionQuestion): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(question.input);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function PermissionDialog({
  question,
  waitingCount,
  onAnswer,
}: {
  readonly question: PermissionQuestion;
  /** Questions waiting in all (this is the oldest). */
  readonly waitingCount: number;
  readonly onAnswer: (decision: PermissionDecision, reason?: string) => void;
}) {
  const titleId = useId();
  const box = useRef<HTMLElement>(null);
  const [reason, setReason] = useState('');
  const input = inputOf(question);
  const command = commandOf(question.toolName, input);
  const change = input ? fileChange(question.toolName, input) : undefined;
  useEffect(() => box.current?.focus(), [question.requestId]);
  return (
    <section
      ref={box}
      className="permission-dialog"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-request-id={question.requestId}
    >
      <h2 id={titleId}>
        Allow {question.toolName}
        {question.compactParams ? (
          <code className="tool-params">{question.compactParams}</code>
        ) : null}
        ?
      </h2>
      <p className="permission-reason">{question.reason}</p>
      {command !== undefined ? <pre className="tool-command">$ {command}</pre> : null}
      {change ? <FileChangeView change={change} /> : null}
      {command === undefined && !change ? (
        <pre className="permission-input">{question.input}</pre>
      ) : null}
      <label className="permission-deny-reason">
        If you deny, tell Wave what to do instead (optional)
        <input type="text" value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <div className="dialog-buttons">
        <button type="button" className="primary" onClick={() => onAnswer('allow')}>
          Allow
        </button>
        <button type="button" onClick={() => onAnswer('allowSession')}>
          Allow for this session
        </button>
        {question.alwaysRule !== undefined ? (
          <button type="button" onClick={() => onAnswer('allowAlways')}>
            Yes, and don&apos;t ask again for <code>{question.alwaysRule}</code>
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => onAnswer('deny', reason.trim() === '' ? undefined : reason.trim())}
        >
          Deny
        </button>
      </div>
      {waitingCount > 1 ? (
        <p className="permission-more">{waitingCount - 1} more waiting after this one</p>
      ) : null}
    </section>
  );
}
