// What a slash command's `run` may use, whichever UI runs it: the shared table's entry
// (shared-protocol's SLASH_COMMANDS) plus `run(context)`. The context is the seam: a command
// says sentences (`print`) and asks for a choice (`choose`, a list of items as data); the
// terminal draws them as notes and a picker (ui/commands/), ACP as messages of the reply (where
// `choose` has no room and answers undefined). Nothing here knows Ink or ACP.

import type { SessionHandle } from '@wave-agent/client';
import type { Message, SlashCommandInfo } from '@wave-agent/shared-protocol';

/** How a sentence a command says is shown: plain, or as a warning or an error. */
export type NoteLevel = 'info' | 'warning' | 'error';

export interface PickerItem {
  readonly label: string;
  /** Shown after the label, less prominent (e.g. "5 min ago · 12 messages"). */
  readonly detail?: string;
}

/** A choice among items, as data; each UI draws it its own way. */
export interface PickerSpec {
  readonly title: string;
  readonly items: readonly PickerItem[];
  /** The item highlighted at first; default 0. */
  readonly initial?: number;
  /** What Esc does, e.g. "Esc cancels" or "Esc starts a new session". */
  readonly escapeHint?: string;
}

/** A request for something only the host (the CLI) can do, e.g. switch the model. */
export interface HostCommandRequest {
  /** The command's name, without the slash ("model", "clear"). */
  readonly name: string;
  /** What the user typed after the name, trimmed. */
  readonly args: string;
}

export interface HostCommandReply {
  /** Shown to the user under the command. */
  readonly message?: string;
  readonly level?: NoteLevel;
}

/**
 * The App's `onCommand` prop. Return a reply (or nothing) when the host did it; return
 * `false` when it does not handle this command. A rejection is shown as an error.
 */
export type HostCommandHandler = (
  request: HostCommandRequest,
) => HostCommandReply | void | false | Promise<HostCommandReply | void | false>;

export interface CommandContext {
  /** The session the UI shows; its state is `session.getSnapshot()`. */
  readonly session: SessionHandle;
  /** What the user typed after the command's name, trimmed. */
  readonly args: string;
  /** Every command the App knows (for /help). */
  readonly commands: readonly SlashCommand[];
  /** Shows a note in the history. */
  print(text: string, level?: NoteLevel): void;
  /** Asks the host; resolves to false when there is no host or it does not handle `name`. */
  askHost(name: string, args: string): Promise<HostCommandReply | false>;
  /** Leaves the app. */
  exit(): void;
  /** The conversation as shown when the command was typed. */
  readonly messages: readonly Message[];
  /** Whether a turn (a reply, a !command, a compaction) was running when the command was typed. */
  readonly running: boolean;
  /** Shows a picker in place of the prompt; the chosen index, or undefined on Esc. */
  choose(spec: PickerSpec): Promise<number | undefined>;
  /** Opens the /btw overlay with this question. */
  askAside(question: string): void;
  /** Puts `text` in the prompt when the prompt is empty; returns whether it did. */
  offerPromptText(text: string): boolean;
}

export interface SlashCommand extends SlashCommandInfo {
  run(context: CommandContext): void | Promise<void>;
}
