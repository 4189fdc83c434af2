// A file or an image the user attached: a chip with its name (and the lines attached), its size,
// and "cut" when only its start was sent (attachmentLabel, the words of every UI).
import type { AttachmentBlock } from '../../messages.js';
import { attachmentLabel } from '../attachment-label.js';
import type { BlockLook } from '../block-view.js';

export const attachmentLook: BlockLook<AttachmentBlock> = (block) => {
  return {
    shape: 'chip',
    from: 'user',
    name: block.kind === 'image' ? 'Attached image' : 'Attached file',
    icon: block.kind,
    title: block.name,
    // The lines attached, the size, whether it was cut.
    detail: attachmentLabel({ ...block, name: '' }),
    sentence: `📎 ${attachmentLabel(block)}`,
    tags: { kind: block.kind },
  };
};
