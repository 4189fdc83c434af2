// One message: an <article> with the attributes tests and assistive technology rely on
// (`data-message-id`, `data-role`), `aria-busy` while it streams (a screen reader reads it once
// it is complete, not delta by delta), and its blocks in the order their content arrived
// (`inArrivalOrder`: text and reasoning that alternated in one call, one block per stretch).
import { inArrivalOrder, type Message } from '@wave-agent/shared-protocol';
import { memo } from 'react';
import { BlockView, isLive } from '../blocks/BlockView.js';

const ROLE_LABEL = { user: 'You', assistant: 'Wave', system: 'Wave notice' } as const;

export const MessageView = memo(function MessageView({
  message,
  waitingToolIds,
}: {
  readonly message: Message;
  /** Tool calls of this message that wait for permission. */
  readonly waitingToolIds: ReadonlySet<string>;
}) {
  const live = message.blocks.some(isLive);
  const shown = inArrivalOrder(message);
  return (
    <article
      className={`message message-${message.role}`}
      data-message-id={message.id}
      data-role={message.role}
      aria-busy={live || undefined}
      aria-label={ROLE_LABEL[message.role]}
    >
      {shown.blocks.map((block, position) => {
        // A tool by its call id; any other block by its position in the shown list, which
        // stays put while streaming (new stretches only come at the end), so a block keeps its
        // DOM node and what the reader opened. Not the index in `message.blocks`: one reasoning
        // block can be shown as several stretches.
        const key = block.type === 'tool' ? `tool:${block.id}` : `${block.type}:${position}`;
        return (
          <BlockView
            key={key}
            block={block}
            role={message.role}
            waiting={block.type === 'tool' && waitingToolIds.has(block.id)}
            disclosureKey={`${message.id}:${key}`}
          />
        );
      })}
    </article>
  );
});
