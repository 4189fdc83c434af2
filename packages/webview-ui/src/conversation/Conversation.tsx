// The conversation: a `role="log"` that renders only the rows near the viewport (a 1,000-message
// session keeps a few dozen rows in the DOM), follows the stream while the reader is at the
// bottom (use-follow.ts), and offers "Jump to latest" while it does not. Rows are keyed by
// message id and memoised by message identity, so a delta re-renders only its own message. The
// virtualiser writes the rows' places and the list's height into the DOM itself (direct DOM
// updates): a row measured again as a reply grows costs no render of the conversation, only
// the stick to the bottom that follows it.
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Message, PermissionQuestion } from '@wave-agent/shared-protocol';
import {
  forwardRef,
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { MessageView } from './MessageView.js';
import { isToStartKey } from './follow-intent.js';
import { useFollow } from './use-follow.js';
import { NO_TOOLS, waitingByMessage, WaitingToolsContext } from './waiting-tools.js';

/** A first guess at a row's height, before it is measured. */
const ESTIMATED_ROW_PX = 96;
/** Rows rendered beyond each edge of the viewport. */
const OVERSCAN_ROWS = 6;

export interface ConversationProps {
  readonly messages: readonly Message[];
  readonly permissionQuestions: readonly PermissionQuestion[];
}

export interface ConversationHandle {
  /** Scrolls a page up or down (PageUp/PageDown typed in the prompt). */
  page(direction: -1 | 1): void;
  jumpToLatest(): void;
}

export const Conversation = forwardRef<ConversationHandle, ConversationProps>(function Conversation(
  { messages, permissionQuestions },
  handle,
) {
  const scroller = useRef<HTMLDivElement>(null);
  const sizer = useRef<HTMLDivElement>(null);
  const follow = useFollow(scroller, sizer);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => messages[index]?.id ?? index,
    overscan: OVERSCAN_ROWS,
    directDomUpdates: true,
    // Called as the virtualiser changes the list's height (a row measured): follow it down.
    onChange: () => follow.stick(),
  });

  const rowsRef = useCallback(
    (node: HTMLDivElement | null) => {
      sizer.current = node;
      virtualizer.containerRef(node);
    },
    [virtualizer],
  );

  useImperativeHandle(
    handle,
    () => ({
      page: follow.pageBy,
      jumpToLatest: follow.jumpToLatest,
    }),
    [follow],
  );

  // After every render (a delta, a new message): stay at the bottom if following.
  useLayoutEffect(() => follow.stick());

  const waiting = useMemo(() => waitingByMessage(permissionQuestions), [permissionQuestions]);
  return (
    <WaitingToolsContext.Provider value={waiting}>
      <div className="conversation-frame">
        <div
          ref={scroller}
          className="conversation"
          role="log"
          aria-label="Conversation"
          tabIndex={0}
          onKeyDown={(event) => {
            // The browser's own Home scrolls there animated, and the virtualiser's corrections
            // for rows measured on the way (each an instant scroll) cut the animation short:
            // halfway up a long chat. Going to the first row is what the reader asked for.
            if (!isToStartKey(event) || messages.length === 0) return;
            event.preventDefault();
            virtualizer.scrollToIndex(0, { align: 'start' });
          }}
        >
          {messages.length === 0 ? (
            <p className="conversation-empty">Ask Wave anything about this folder.</p>
          ) : null}
          <div ref={rowsRef} className="conversation-rows">
            {virtualizer.getVirtualItems().map((row) => {
              const message = messages[row.index];
              if (!message) return null;
              return (
                <div
                  key={row.key}
                  ref={virtualizer.measureElement}
                  data-index={row.index}
                  className="conversation-row"
                >
                  <MessageView
                    message={message}
                    waitingToolIds={waiting.get(message.id) ?? NO_TOOLS}
                  />
                </div>
              );
            })}
          </div>
        </div>
        {follow.following ? null : (
          <button type="button" className="jump-to-latest" onClick={follow.jumpToLatest}>
            Jump to latest
          </button>
        )}
      </div>
    </WaitingToolsContext.Provider>
  );
});
