// The one mechanism behind the message list's history/live split (ARCHITECTURE §2.7). Ink's <Static>
// writes each item once and never again, so history is modelled as an append-only list of
// segments; this pure module decides, from the messages and what was written before, which
// segments to append now and what the live area shows.
//
// Rules:
// - Units are written in conversation order; the first unit that cannot be written (a tool
//   still running, text still streaming) closes the way for everything after it, which is live.
// - A text or reasoning block is written in pieces. Its record keeps how much of its content
//   was written (from its first freeze on); the live area shows only `content.slice(written)`,
//   also after the block reopens (end → streaming), and when it ends again only the rest is
//   written. So no content is ever shown twice, whatever the interleaving.
// - While a long text block streams, finished paragraphs are written early (see freeze-cut.ts)
//   so the live area stays shorter than the terminal. Reasoning waits until it ended: its header
//   says how long it took, above it (the live area shows the end of a long one meanwhile).
// - Records of removed messages are dropped (from the removal log, so a message that comes
//   back with the same id starts afresh). A discarded message (a failed stream that is
//   retried) whose text was already written gets a note saying so: it cannot be unwritten.

import type { Block, Message } from '@wave-agent/shared-protocol';
import { blockView } from '@wave-agent/shared-protocol';
import type { StreamBlock } from '../render/block-lines.js';
import { isStreamBlock } from '../render/block-lines.js';
import type { UiNote } from '../notes.js';
import type { LiveArea } from './freeze-cut.js';
import type { MessageRemoval } from './message-removal.js';
import { freezeCut } from './freeze-cut.js';
import type { LiveItem, StaticSegment, UnitPosition } from './output-units.js';

interface BlockRecord {
  /** Which block this record is about (a full replace may put another block at the index). */
  readonly identity: string;
  /** Characters of a text/reasoning block written, or 1 for another block written whole. */
  readonly written: number;
  /** The piece that says how long the reasoning took was written for the current end. */
  readonly durationShown: boolean;
}

interface MessageRecord {
  readonly blocks: readonly (BlockRecord | undefined)[];
  readonly usageWritten: boolean;
}

export interface FreezeState {
  /**
   * Everything handed to <Static>, in order. Append-only: Static writes index ≥ its last
   * length. Never mutated (each plan makes a new array); not `readonly` only because Ink's
   * <Static> is typed to take `T[]`.
   */
  readonly segments: StaticSegment[];
  readonly records: ReadonlyMap<string, MessageRecord>;
  /** The message list this state was planned from. */
  readonly planned: readonly Message[];
  /** `planned[0, settled)` are written completely. */
  readonly settled: number;
  readonly notesWritten: number;
  readonly lastWritten: UnitPosition | undefined;
  /** The `seq` of the last removal whose messages' records were dropped. */
  readonly removalsSeen: number;
}

export const initialFreezeState: FreezeState = {
  segments: [],
  records: new Map<string, MessageRecord>(),
  planned: [],
  settled: 0,
  notesWritten: 0,
  lastWritten: undefined,
  removalsSeen: 0,
};

export interface PlanInput {
  readonly messages: readonly Message[];
  /** The UI's own notes, append-only. */
  readonly notes: readonly UiNote[];
  /** Messages removed so far (discarded, replaced, rewound), oldest first. */
  readonly removals: readonly MessageRemoval[];
  readonly area: LiveArea;
}

export interface Plan {
  readonly state: FreezeState;
  readonly live: readonly LiveItem[];
}

export const DISCARDED_REPLY_NOTE = '↳ the reply above was interrupted; retrying';

const EMPTY_RECORD: MessageRecord = { blocks: [], usageWritten: false };

function blockIdentity(block: Block): string {
  return block.type === 'tool' ? `tool:${block.id}` : block.type;
}

function isFinished(block: Block): boolean {
  switch (block.type) {
    case 'tool':
    case 'text':
    case 'reasoning':
      return block.stage === 'end';
    default:
      // A block drawn from a view is final once its view is not live (a hook still running is
      // not written to the history as "running…").
      return !blockView(block).live;
  }
}

/** A text/reasoning block has nothing left to write: ended, all of it written, duration shown. */
function isStreamBlockDone(block: StreamBlock, record: BlockRecord | undefined): boolean {
  if (block.stage !== 'end') return false;
  const written = record?.written ?? 0;
  if (written < block.content.length) return false;
  return block.type === 'text' || record?.durationShown === true;
}

function firstDifference(before: readonly Message[], after: readonly Message[]): number {
  const length = Math.min(before.length, after.length);
  for (let index = 0; index < length; index += 1) {
    if (before[index] !== after[index]) return index;
  }
  return length;
}

function isToolLike(type: UnitPosition['blockType'] | undefined): boolean {
  return type === 'tool' || type === 'bang';
}

/** Whether a blank line separates `next` from the unit shown before it. */
function gapBetween(
  previous: UnitPosition | undefined,
  next: UnitPosition,
  continuation?: { readonly text: string; readonly from: number },
): boolean {
  if (previous === undefined || next.blockType === 'usage') return false;
  // A message's attachment chips stand right under its text.
  if (next.blockType === 'attachment' && previous.messageId === next.messageId) return false;
  if (previous.messageId !== next.messageId) return true;
  if (previous.blockIndex === next.blockIndex && continuation) {
    // The same block going on: a blank line only where the text itself has one.
    return (
      next.blockType === 'text' &&
      continuation.text.slice(Math.max(0, continuation.from - 2), continuation.from) === '\n\n'
    );
  }
  return !(isToolLike(previous.blockType) && isToolLike(next.blockType));
}

class PlanBuilder {
  private readonly segments: StaticSegment[];
  private records: Map<string, MessageRecord> | undefined;
  private lastWritten: UnitPosition | undefined;
  private lastShown: UnitPosition | undefined;
  readonly live: LiveItem[] = [];

  constructor(private readonly previous: FreezeState) {
    this.segments = previous.segments.slice();
    this.lastWritten = previous.lastWritten;
    this.lastShown = previous.lastWritten;
  }

  record(messageId: string): MessageRecord {
    return (this.records ?? this.previous.records).get(messageId) ?? EMPTY_RECORD;
  }

  private writableRecords(): Map<string, MessageRecord> {
    this.records ??= new Map(this.previous.records);
    return this.records;
  }

  dropRecord(messageId: string): void {
    if ((this.records ?? this.previous.records).has(messageId))
      this.writableRecords().delete(messageId);
  }

  setBlockRecord(messageId: string, blockIndex: number, record: BlockRecord): void {
    const current = this.record(messageId);
    const blocks = current.blocks.slice();
    blocks[blockIndex] = record;
    this.writableRecords().set(messageId, { ...current, blocks });
  }

  /** Forgets the records of blocks past `length` (a full replace gave the message fewer blocks). */
  trimBlocks(messageId: string, length: number): void {
    const current = this.record(messageId);
    if (current.blocks.length > length)
      this.writableRecords().set(messageId, {
        ...current,
        blocks: current.blocks.slice(0, length),
      });
  }

  setUsageWritten(messageId: string): void {
    this.writableRecords().set(messageId, { ...this.record(messageId), usageWritten: true });
  }

  /** Appends a segment; `make` gets its key and whether a blank line goes before it. */
  write(
    position: UnitPosition,
    make: (key: string, gapBefore: boolean) => StaticSegment,
    continuation?: { text: string; from: number },
  ): void {
    const gapBefore = gapBetween(this.lastWritten, position, continuation);
    this.segments.push(make(String(this.segments.length), gapBefore));
    this.lastWritten = position;
    this.lastShown = position;
  }

  show(
    position: UnitPosition,
    make: (key: string, gapBefore: boolean) => LiveItem,
    continuation?: { text: string; from: number },
  ): void {
    const gapBefore = gapBetween(this.lastShown, position, continuation);
    this.live.push(make(`live:${position.messageId ?? ''}:${position.blockIndex}`, gapBefore));
    this.lastShown = position;
  }

  finish(
    planned: readonly Message[],
    settled: number,
    notesWritten: number,
    removalsSeen: number,
  ): FreezeState {
    const unchanged =
      this.records === undefined &&
      this.segments.length === this.previous.segments.length &&
      planned === this.previous.planned &&
      settled === this.previous.settled &&
      notesWritten === this.previous.notesWritten &&
      removalsSeen === this.previous.removalsSeen;
    if (unchanged) return this.previous;
    return {
      segments:
        this.segments.length === this.previous.segments.length
          ? this.previous.segments
          : this.segments,
      records: this.records ?? this.previous.records,
      planned,
      settled,
      notesWritten,
      lastWritten: this.lastWritten,
      removalsSeen,
    };
  }
}

function hasWrittenAnything(record: MessageRecord): boolean {
  return (
    record.usageWritten || record.blocks.some((block) => block !== undefined && block.written > 0)
  );
}

/** Drops a removed message's records; a discarded reply already partly written gets a note. */
function forget(builder: PlanBuilder, messageId: string, discarded: boolean): void {
  const record = builder.record(messageId);
  if (discarded && hasWrittenAnything(record)) {
    builder.write({ messageId: undefined, blockIndex: 0, blockType: 'note' }, (key, gapBefore) => ({
      kind: 'note',
      key,
      note: { text: DISCARDED_REPLY_NOTE, level: 'info' },
      gapBefore,
    }));
  }
  builder.dropRecord(messageId);
}

/** Applies the removals logged since the last plan; returns the last `seq` seen. */
function forgetLoggedRemovals(
  builder: PlanBuilder,
  previous: FreezeState,
  removals: readonly MessageRemoval[],
): number {
  let seen = previous.removalsSeen;
  for (const removal of removals) {
    if (removal.seq <= seen) continue;
    for (const messageId of removal.messageIds) forget(builder, messageId, removal.discarded);
    seen = removal.seq;
  }
  return seen;
}

/** Planned messages the list no longer holds (a replace the log did not tell about). */
function forgetMissingMessages(
  builder: PlanBuilder,
  previous: FreezeState,
  input: PlanInput,
  from: number,
): void {
  if (from >= previous.planned.length) return;
  const present = new Set(input.messages.slice(from).map((message) => message.id));
  const discarded = new Set(
    input.removals.filter((removal) => removal.discarded).flatMap((removal) => removal.messageIds),
  );
  for (const message of previous.planned.slice(from)) {
    if (!present.has(message.id)) forget(builder, message.id, discarded.has(message.id));
  }
}

function writeNotes(builder: PlanBuilder, notes: readonly UiNote[], from: number): void {
  for (const note of notes.slice(from)) {
    builder.write({ messageId: undefined, blockIndex: 0, blockType: 'note' }, (key, gapBefore) => ({
      kind: 'note',
      key,
      note,
      gapBefore,
    }));
  }
}

/**
 * Plans one message. Returns whether the way stays open after it (everything of it written).
 * `open` says whether units of this message may be written at all.
 */
function planMessage(
  builder: PlanBuilder,
  message: Message,
  open: boolean,
  area: LiveArea,
): boolean {
  const address = { messageId: message.id, role: message.role };
  builder.trimBlocks(message.id, message.blocks.length);
  let wayOpen = open;
  message.blocks.forEach((block, blockIndex) => {
    const stored = builder.record(message.id).blocks[blockIndex];
    const identity = blockIdentity(block);
    const record = stored?.identity === identity ? stored : undefined;
    const position: UnitPosition = { messageId: message.id, blockIndex, blockType: block.type };
    if (isStreamBlock(block)) {
      if (isStreamBlockDone(block, record)) return;
      const written = Math.min(record?.written ?? 0, block.content.length);
      let shownFrom = written;
      if (wayOpen) {
        const ended = block.stage === 'end';
        // Reasoning is written once it ended, header and duration above its body (Static
        // cannot change a header written while it was still thinking); text goes early.
        const end = ended
          ? block.content.length
          : block.type === 'reasoning'
            ? written
            : freezeCut(block.content, written, area);
        const needsDuration = ended && block.type === 'reasoning' && record?.durationShown !== true;
        if (end > written || needsDuration) {
          builder.write(
            position,
            (key, gapBefore) => ({
              kind: 'stream-piece',
              key,
              ...address,
              blockIndex,
              block,
              start: written,
              end,
              ended,
              gapBefore,
            }),
            { text: block.content, from: written },
          );
          builder.setBlockRecord(message.id, blockIndex, {
            identity,
            written: end,
            durationShown: ended,
          });
          shownFrom = end;
        }
        if (ended) return;
        wayOpen = false;
      }
      builder.show(
        position,
        (key, gapBefore) => ({
          kind: 'stream-tail',
          key,
          ...address,
          blockIndex,
          block,
          from: shownFrom,
          gapBefore,
        }),
        { text: block.content, from: shownFrom },
      );
      return;
    }
    if (record !== undefined) return;
    if (wayOpen && isFinished(block)) {
      builder.write(position, (key, gapBefore) => ({
        kind: 'block',
        key,
        ...address,
        blockIndex,
        block,
        gapBefore,
      }));
      builder.setBlockRecord(message.id, blockIndex, {
        identity,
        written: 1,
        durationShown: false,
      });
      return;
    }
    wayOpen = false;
    builder.show(position, (key, gapBefore) => ({
      kind: 'block',
      key,
      ...address,
      blockIndex,
      block,
      gapBefore,
    }));
  });
  if (wayOpen && message.usage && !builder.record(message.id).usageWritten) {
    const usage = message.usage;
    builder.write(
      { messageId: message.id, blockIndex: message.blocks.length, blockType: 'usage' },
      (key, gapBefore) => ({
        kind: 'usage',
        key,
        messageId: message.id,
        usage,
        gapBefore,
      }),
    );
    builder.setUsageWritten(message.id);
  }
  return wayOpen;
}

/**
 * The segments to append and the live items to show for `input`, given what `previous`
 * wrote. Pure: `previous` is not changed, and planning the same input again changes nothing.
 * Costs O(messages) pointer comparisons plus the work on messages not yet fully written.
 */
export function planFreeze(input: PlanInput, previous: FreezeState): Plan {
  const builder = new PlanBuilder(previous);
  const { messages } = input;
  const changedFrom = firstDifference(previous.planned, messages);
  const removalsSeen = forgetLoggedRemovals(builder, previous, input.removals);
  forgetMissingMessages(builder, previous, input, changedFrom);
  writeNotes(builder, input.notes, previous.notesWritten);
  let settled = Math.min(previous.settled, changedFrom);
  let open = true;
  for (let index = settled; index < messages.length; index += 1) {
    const message = messages[index];
    if (message === undefined) continue;
    open = planMessage(builder, message, open, input.area);
    if (open) settled = index + 1;
  }
  return {
    state: builder.finish(messages, settled, input.notes.length, removalsSeen),
    live: builder.live,
  };
}
