// Reasoning, collapsible: the summary line carries the live clock ("Thinking 9s") and then the
// final duration ("Thought for 15s"); opened, the reasoning streams as markdown.
import type { ReasoningBlock } from '@wave-agent/shared-protocol';
import { memo } from 'react';
import { Markdown } from '../markdown/Markdown.js';
import { reasoningLabel } from './durations.js';
import { useDisclosure } from './disclosure.js';
import { useNow } from './use-now.js';

export const ReasoningBlockView = memo(function ReasoningBlockView({
  block,
  disclosureKey,
}: {
  readonly block: ReasoningBlock;
  readonly disclosureKey: string;
}) {
  const streaming = block.stage === 'streaming';
  const now = useNow(streaming);
  const [open, setOpen] = useDisclosure(disclosureKey, false);
  return (
    <details
      className="reasoning"
      data-stage={block.stage}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{reasoningLabel(block.stage, block.startedAt, block.endedAt, now)}</summary>
      {open ? <Markdown source={block.content} streaming={streaming} /> : null}
    </details>
  );
});
