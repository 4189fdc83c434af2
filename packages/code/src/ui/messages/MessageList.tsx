// The conversation on screen: history in Ink's <Static> (written once, append-only) and a
// live area below it. The freeze planner decides what goes where; this component only renders.

import { useMemo } from 'react';
import { inArrivalOrder, type Message } from '@wave-agent/shared-protocol';
import type { MessageRemoval } from '../freeze/message-removal.js';
import type { UiNote } from '../notes.js';
import { LiveArea } from './LiveArea.js';
import { ExpandedSnapshot } from './ExpandedSnapshot.js';
import type { Snapshot } from './ExpandedSnapshot.js';
import { StaticHistory } from './StaticHistory.js';
import { useFreezePlan } from './use-freeze-plan.js';

export interface MessageListProps {
  readonly messages: readonly Message[];
  readonly notes: readonly UiNote[];
  /** Messages removed so far (see ConversationView.removals). */
  readonly removals: readonly MessageRemoval[];
  readonly columns: number;
  /** Rows the live area (or the expanded view) may take. */
  readonly liveRows: number;
  /** Set while the expanded view is up: the history is left alone and the snapshot shown. */
  readonly expanded?: { readonly snapshot: Snapshot; readonly scroll: number };
}

export function MessageList({
  messages,
  notes,
  removals,
  columns,
  liveRows,
  expanded,
}: MessageListProps) {
  // Alternating text and reasoning in their order of arrival, each stretch its own block.
  const shown = useMemo(() => messages.map(inArrivalOrder), [messages]);
  const plan = useFreezePlan(
    { messages: shown, notes, removals, area: { columns, rows: liveRows } },
    expanded !== undefined,
  );
  return (
    <>
      <StaticHistory segments={plan.state.segments} columns={columns} />
      {expanded ? (
        <ExpandedSnapshot
          snapshot={expanded.snapshot}
          columns={columns}
          rows={liveRows}
          scroll={expanded.scroll}
        />
      ) : (
        <LiveArea items={plan.live} columns={columns} rows={liveRows} />
      )}
    </>
  );
}
