// A Task call's subagent as a collapsible nested thread. Collapsed, while it works, the card
// shows what it does now (its running tool) and the last lines it wrote; done, how much it did.
// Opened, its whole conversation — the prompt it was given, its replies and tool cards — made by
// the same reducer from its own deltas, rendered by the same views, and streaming live.
import type { Message } from '@wave-agent/shared-protocol';
import { memo } from 'react';
import { MessageView } from '../conversation/MessageView.js';
import { NO_TOOLS, useWaitingTools } from '../conversation/waiting-tools.js';
import { useDisclosure } from './disclosure.js';
import { latestWriting, runningTool, toolUses } from './subagent-activity.js';

/** Lines of the subagent's latest writing the collapsed card shows. */
const PREVIEW_LINES = 3;

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

export const SubagentThread = memo(function SubagentThread({
  thread,
  working,
  disclosureKey,
}: {
  readonly thread: readonly Message[];
  /** The Task call has not ended: the subagent is still at work. */
  readonly working: boolean;
  readonly disclosureKey: string;
}) {
  const [open, setOpen] = useDisclosure(disclosureKey, false);
  const waiting = useWaitingTools();
  const uses = count(toolUses(thread), 'tool use');
  const current = working ? runningTool(thread) : undefined;
  const preview = working && !open ? latestWriting(thread, PREVIEW_LINES) : '';
  return (
    <div className="subagent" data-working={working || undefined}>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          {working ? 'Subagent at work' : 'Subagent done'} ({uses}) ·{' '}
          {open ? 'hide its conversation' : 'show its conversation'}
        </summary>
        {open ? (
          <div className="subagent-thread" role="group" aria-label="Subagent conversation">
            {thread.map((message) => (
              <MessageView
                key={message.id}
                message={message}
                waitingToolIds={waiting.get(message.id) ?? NO_TOOLS}
              />
            ))}
          </div>
        ) : null}
      </details>
      {current && !open ? (
        <p className="subagent-now">
          <span className="tool-name">{current.name}</span>{' '}
          {current.compactParams ? (
            <code className="tool-params">{current.compactParams}</code>
          ) : null}
        </p>
      ) : null}
      {preview ? <pre className="subagent-preview">{preview}</pre> : null}
    </div>
  );
});
