// What Wave says in the conversation: a notice (quiet, or a warning) and an error, each one line
// of its own.
import type { ErrorBlock, NoticeBlock } from '../../messages.js';
import type { BlockLook } from '../block-view.js';

export const noticeLook: BlockLook<NoticeBlock> = (block) => ({
  shape: 'note',
  name: 'Notice',
  tag: block.level === 'warning' ? 'warning' : '',
  icon: block.level === 'warning' ? 'warning' : 'info',
  tone: block.level === 'warning' ? 'warning' : 'muted',
  title: block.message,
});

export const errorLook: BlockLook<ErrorBlock> = (block) => ({
  shape: 'note',
  name: 'Error',
  icon: 'error',
  tone: 'bad',
  title: block.message,
});
