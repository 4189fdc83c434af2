// Slash commands: the shared table's entries (shared-protocol's SLASH_COMMANDS) with the terminal
// UI's `run`. `defaultCommands` holds the built-in ones; a host may pass a longer (or shorter)
// table to the App.

import type { SessionHandle } from '@wave-agent/client';
import type { Message, SlashCommandInfo } from '@wave-agent/shared-protocol';
import type { NoteLevel } from '../notes.js';
import type { PickerSpec } from '../picker/picker-lines.js';

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
