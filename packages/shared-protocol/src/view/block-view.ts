// Every block but text, reasoning and tool calls (which have their own views) as every screen
// shows it: a small view model made by the block kind's look (block-looks/), once per immutable
// block (a WeakMap, as toolView), so a frame that redraws unchanged blocks costs a lookup. A screen
// draws a view by its shape (a card, a note, a divider, a chip) and never by the block's kind;
// a new block kind is its look and one line in LOOKS (docs/ARCHITECTURE.md §7, "A new block kind").
import type { Block, HookRun } from '../messages.js';
import { attachmentLook } from './block-looks/attachment-look.js';
import { bangLook } from './block-looks/bang-look.js';
import { compactLook } from './block-looks/compact-look.js';
import { hookRunLook } from './block-looks/hook-look.js';
import { errorLook, noticeLook } from './block-looks/note-looks.js';
import type { ViewPart, ViewTone } from './view-parts.js';

/**
 * How a block stands on a screen. `card`: a header with a status and output under it (a command);
 * `note`: a line of its own, its body one step away; `divider`: a rule across the conversation
 * with a title, its body one step away; `chip`: a small label under a message.
 */
export type BlockShape = 'card' | 'note' | 'divider' | 'chip';

/** The picture before the title: a screen's glyph or icon. */
export type BlockIcon =
  'running' | 'done' | 'failed' | 'info' | 'warning' | 'error' | 'hook' | 'file' | 'image';

export interface BlockView {
  readonly shape: BlockShape;
  /** Whose words the block is: the user's (what they ran or attached) or Wave's. */
  readonly from: 'user' | 'wave';
  /** What the block is, for a reader (a region's name): "Shell command", "Hook". */
  readonly name: string;
  /** A word plain-text screens put before its line ("hook", "warning"); '' for none. */
  readonly tag: string;
  readonly icon: BlockIcon;
  readonly tone: ViewTone;
  /** A mark before the title (`!` for a command the user ran); '' for none. */
  readonly mark: string;
  /** The one line every screen shows. */
  readonly title: string;
  /** What follows the title in a quieter style (a chip's size); '' for none. */
  readonly detail: string;
  /** The block as one sentence, for screens of plain text (ACP's notices, print's stderr). */
  readonly sentence: string;
  /** Where it stands in words ("running", "exit code 3"); '' when it has no status. */
  readonly status: string;
  /** Still changing: its output grows, its status moves. */
  readonly live: boolean;
  /** Where a command ran, when the sandbox is on (true: in it); undefined otherwise. */
  readonly sandboxed: boolean | undefined;
  /** A card's output (screens show its tail while collapsed); '' for none. */
  readonly output: string;
  /** What opening the block shows (Ctrl+O, a click): a few generic parts. */
  readonly body: readonly ViewPart[];
  /** Facts a screen may attach for hosts and tests to find the block by (data attributes). */
  readonly tags: Readonly<Record<string, string>>;
}

/** What a look fills in; the rest has a default. */
export type BlockLookResult = Pick<BlockView, 'shape' | 'name' | 'icon' | 'title'> &
  Partial<BlockView>;

/** A block kind's look: a pure function of the block. */
export type BlockLook<B> = (block: B) => BlockLookResult;

/** The kinds drawn from a BlockView (text and reasoning are the message itself; tools: toolView). */
export type ViewedBlock = Exclude<Block, { type: 'text' | 'reasoning' | 'tool' }>;

// A new block kind fails to compile until it has a look here.
const LOOKS: { readonly [T in ViewedBlock['type']]: BlockLook<Extract<ViewedBlock, { type: T }>> } =
  {
    bang: bangLook,
    error: errorLook,
    notice: noticeLook,
    compact: compactLook,
    hook: hookRunLook,
    attachment: attachmentLook,
  };

function complete(look: BlockLookResult): BlockView {
  return {
    from: 'wave',
    tag: '',
    tone: 'plain',
    mark: '',
    detail: '',
    sentence: look.title,
    status: '',
    live: false,
    sandboxed: undefined,
    output: '',
    body: [],
    tags: {},
    ...look,
  };
}

const views = new WeakMap<object, BlockView>();

function cached<B extends object>(block: B, look: BlockLook<B>): BlockView {
  const known = views.get(block);
  if (known !== undefined) return known;
  const view = complete(look(block));
  views.set(block, view);
  return view;
}

/** The block's view model; the same object for the same block. */
export function blockView(block: ViewedBlock): BlockView {
  // The table holds the look of this block's own type.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  const look = LOOKS[block.type] as BlockLook<ViewedBlock>;
  return cached(block, look);
}

/** A hook run's view: a hook block's, or one of a tool call's hooks (shown in its card). */
export function hookRunView(run: HookRun): BlockView {
  return cached(run, hookRunLook);
}

/** Whether a block is drawn from a BlockView. */
export function isViewedBlock(block: Block): block is ViewedBlock {
  return block.type !== 'text' && block.type !== 'reasoning' && block.type !== 'tool';
}
