// A `!command` the user ran: a card like a tool's — the command, where it ran, its output, how
// it ended.
import type { BangBlock } from '../../messages.js';
import type { BlockLook } from '../block-view.js';

function status(block: BangBlock): { readonly words: string; readonly failed: boolean } {
  if (block.stage === 'running') return { words: 'running', failed: false };
  if (block.exitCode === null) return { words: 'stopped by a signal', failed: true };
  if (block.exitCode === undefined || block.exitCode === 0) return { words: 'done', failed: false };
  return { words: `exit code ${block.exitCode}`, failed: true };
}

export const bangLook: BlockLook<BangBlock> = (block) => {
  const { words, failed } = status(block);
  return {
    shape: 'card',
    from: 'user',
    name: 'Shell command',
    icon: block.stage === 'running' ? 'running' : failed ? 'failed' : 'done',
    tone: failed ? 'bad' : 'plain',
    mark: '!',
    title: block.command,
    sentence: `!${block.command}`,
    status: words,
    live: block.stage === 'running',
    sandboxed: block.sandboxed,
    output: block.output,
  };
};
