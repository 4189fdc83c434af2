// Where the conversation was folded into a summary for the model (/compact): a divider, the
// summary (markdown, as the model wrote it) one step away.
import type { CompactBlock } from '../../messages.js';
import type { BlockLook } from '../block-view.js';

export const COMPACTED_SENTENCE =
  'Wave folded the conversation so far into a summary for the model (/compact); what is shown stays.';

export const compactLook: BlockLook<CompactBlock> = (block) => ({
  shape: 'divider',
  name: 'Compaction',
  icon: 'info',
  tone: 'muted',
  title: 'conversation compacted',
  sentence: COMPACTED_SENTENCE,
  body: [{ kind: 'markdown', label: 'summary', text: block.summary }],
});
