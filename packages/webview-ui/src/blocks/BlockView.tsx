// One block of a message, by type. Each kind is memoised by its block: the reducer keeps the
// identity of every block a delta did not touch, so only the streaming block renders again.
import type { Block, Role } from '@wave-agent/shared-protocol';
import { blockView } from '@wave-agent/shared-protocol';
import { memo } from 'react';
import { Markdown } from '../markdown/Markdown.js';
import { ReasoningBlockView } from './ReasoningBlockView.js';
import { ShapedBlock } from './ShapedBlock.js';
import { ToolCard } from './ToolCard.js';

export const BlockView = memo(function BlockView({
  block,
  role,
  waiting,
  disclosureKey,
}: {
  readonly block: Block;
  readonly role: Role;
  readonly waiting: boolean;
  /** Names this block in the view's memory of what the reader opened. */
  readonly disclosureKey: string;
}) {
  switch (block.type) {
    case 'text':
      // What the user typed is shown as typed; what the model writes is markdown.
      return role === 'user' ? (
        <p className="user-text">{block.content}</p>
      ) : (
        <Markdown source={block.content} streaming={block.stage === 'streaming'} />
      );
    case 'reasoning':
      return <ReasoningBlockView block={block} disclosureKey={disclosureKey} />;
    case 'tool':
      return <ToolCard block={block} waiting={waiting} disclosureKey={disclosureKey} />;
    default:
      // Every other kind is drawn from its view, by its shape.
      return <ShapedBlock view={blockView(block)} />;
  }
});

/** Whether the block is still changing (the message it is in is streaming). */
export function isLive(block: Block): boolean {
  switch (block.type) {
    case 'text':
    case 'reasoning':
      return block.stage === 'streaming';
    case 'tool':
      return block.stage !== 'end';
    default:
      return blockView(block).live;
  }
}
