// The prompt: a multi-line input named "Message" (Enter sends, Shift+Enter adds a line), history
// on ↑/↓ at its first/last line, slash-command completion from the shared table, `@` completion
// of the work folder's files (findFiles), `!` for a shell command, PageUp/PageDown scrolling the
// conversation, and Send or Stop beside it. Above it, the attachments that go with the next
// message as chips: images pasted or dropped here, files a host added ("Add to Prompt").
import {
  completedInput,
  errorText,
  matchingCommands,
  mentionAt,
  stillMatching,
  withMention,
} from '@wave-agent/shared-protocol';
import type {
  AttachmentInput,
  CustomCommandInfo,
  McpServerStatus,
} from '@wave-agent/shared-protocol';
import {
  forwardRef,
  memo,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { ClipboardEvent, DragEvent, KeyboardEvent } from 'react';
import type { NoteLevel } from './web-commands.js';
import { CompletionList, optionId } from './CompletionList.js';
import type { CompletionItem } from './CompletionList.js';
import { emptyHistory, newer, older, remember } from './input-history.js';
import { imageAttachment } from './pending-attachment.js';
import type { PendingAttachment } from './pending-attachment.js';
import { PendingChips } from './PendingChips.js';
import { useFileCompletion } from './use-file-completion.js';
import type { FindFiles } from './use-file-completion.js';
import { offeredCommands } from './web-commands.js';

export interface ComposerHandle {
  focus(): void;
  /** Adds text to the prompt; on a line of its own if text is there. */
  insert(text: string): void;
  /** Puts text in the prompt when it is empty (a rewound message comes back to edit). */
  offer(text: string): boolean;
  /** Adds a chip that goes with the next message (a host's "Add to Prompt"). */
  attach(attachment: PendingAttachment): void;
}

/**
 * What became of the prompt's text: sent as a message (its attachments went with it), done as
 * a command (the attachments stay for the message to come), or refused (everything stays).
 */
export type SubmitOutcome = 'sent' | 'done' | 'refused';

export interface ComposerProps {
  readonly running: boolean;
  /** The session's custom commands (SessionState.context), completed after the built-in ones. */
  readonly customCommands: readonly CustomCommandInfo[];
  /** The session's MCP servers: their prompts are completed after the custom commands. */
  readonly mcpServers?: readonly McpServerStatus[];
  /** Sends, queues or runs the text; a failure is said by the callee. */
  readonly onSubmit: (
    text: string,
    attachments: readonly AttachmentInput[],
  ) => Promise<SubmitOutcome>;
  readonly onStop: () => void;
  /** PageUp/PageDown in the prompt scroll the conversation. */
  readonly onPage: (direction: -1 | 1) => void;
  /** The `@` completion's source; without it `@` completes nothing. */
  readonly findFiles?: FindFiles;
  /** A sentence for the user (an image that cannot be attached). */
  readonly onNote: (text: string, level: NoteLevel) => void;
}

function onFirstLine(area: HTMLTextAreaElement): boolean {
  return (
    area.selectionStart === area.selectionEnd &&
    !area.value.slice(0, area.selectionStart).includes('\n')
  );
}

function onLastLine(area: HTMLTextAreaElement): boolean {
  return (
    area.selectionStart === area.selectionEnd && !area.value.slice(area.selectionEnd).includes('\n')
  );
}

// Memoised: its props change only when a turn starts or ends, so typing is never held up by the
// rendering of a streaming reply.
export const Composer = memo(
  forwardRef<ComposerHandle, ComposerProps>(function Composer(
    { running, customCommands, mcpServers, onSubmit, onStop, onPage, findFiles, onNote },
    handle,
  ) {
    const area = useRef<HTMLTextAreaElement>(null);
    const [text, setText] = useState('');
    const [caret, setCaret] = useState(0);
    const [attachments, setAttachments] = useState<readonly PendingAttachment[]>([]);
    const [history, setHistory] = useState(emptyHistory);
    const [selected, setSelected] = useState(0);
    const [dismissed, setDismissed] = useState<string | undefined>(undefined);
    // Where the caret goes once the text set with it is in the box (after taking a completion).
    const placeCaret = useRef<number | undefined>(undefined);
    const listId = useId();

    const mention = dismissed === text ? undefined : mentionAt({ text, cursor: caret });
    const found = useFileCompletion(findFiles, findFiles ? mention?.query : undefined);
    // The last answer stays while the next comes, narrowed to what was typed since.
    const files = mention && found ? stillMatching(found.files, mention.query) : [];
    const commands =
      mention || dismissed === text
        ? []
        : matchingCommands(text, offeredCommands(customCommands, mcpServers));
    const items: readonly CompletionItem[] = mention
      ? files.map((file) => ({ key: file.path, name: `@${file.path}` }))
      : commands.map((command) => ({
          key: command.name,
          name: `/${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ''}`,
          description: command.description,
        }));
    const listShown = items.length > 0 || (mention !== undefined && found?.problem !== undefined);
    const active = items.length > 0 ? Math.min(selected, items.length - 1) : -1;
    const bang = text.startsWith('!');

    useLayoutEffect(() => {
      const at = placeCaret.current;
      if (at === undefined || !area.current) return;
      placeCaret.current = undefined;
      area.current.setSelectionRange(at, at);
    }, [text]);

    useImperativeHandle(handle, () => ({
      focus: () => area.current?.focus(),
      insert(addition) {
        setText((current) => (current === '' ? addition : `${current}\n${addition}`));
        area.current?.focus();
      },
      offer(offered) {
        if (area.current?.value) return false;
        setText(offered);
        return true;
      },
      attach(attachment) {
        setAttachments((current) => [...current, attachment]);
      },
    }));

    const edit = (next: string, at = next.length): void => {
      setText(next);
      setCaret(at);
      placeCaret.current = at;
      setSelected(0);
    };

    const submit = async (): Promise<void> => {
      const typed = text;
      const sent = attachments;
      // An image alone is a message too.
      if (typed.trim() === '' && sent.length === 0) return;
      setText('');
      setCaret(0);
      setHistory((current) => remember(current, typed));
      const outcome = await onSubmit(
        typed,
        sent.map((attachment) => attachment.input),
      );
      if (outcome === 'refused') setText((current) => (current === '' ? typed : current));
      // What went with the message leaves the prompt; a chip added meanwhile stays.
      else if (outcome === 'sent')
        setAttachments((current) => current.filter((attachment) => !sent.includes(attachment)));
    };

    const take = (index: number): void => {
      if (mention) {
        const file = files[index];
        if (!file) return;
        const next = withMention({ text, cursor: caret }, mention, file.path);
        edit(next.text, next.cursor);
        return;
      }
      const command = commands[index];
      if (command) edit(completedInput(command));
    };

    /** Images from the clipboard or a drop become chips; anything else is said, not lost. */
    const attachFiles = (dropped: readonly File[]): void => {
      for (const file of dropped)
        void imageAttachment(file).then(
          (attachment) => {
            if (typeof attachment === 'string') onNote(attachment, 'warning');
            else setAttachments((current) => [...current, attachment]);
          },
          (error: unknown) =>
            onNote(`${file.name || 'The image'} could not be read: ${errorText(error)}`, 'error'),
        );
    };

    const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>): void => {
      const pasted = [...event.clipboardData.files];
      if (pasted.length === 0) return;
      // Text that came with the image (a spreadsheet's cells) is pasted as text as well.
      if (event.clipboardData.getData('text/plain') === '') event.preventDefault();
      attachFiles(pasted);
    };

    const onDragOver = (event: DragEvent<HTMLDivElement>): void => {
      if (event.dataTransfer.types.includes('Files')) event.preventDefault();
    };

    const onDrop = (event: DragEvent<HTMLDivElement>): void => {
      const dropped = [...event.dataTransfer.files];
      if (dropped.length === 0) return;
      event.preventDefault();
      attachFiles(dropped);
    };

    const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
      const element = event.currentTarget;
      if (event.nativeEvent.isComposing) return;
      if (event.key === 'PageUp' || event.key === 'PageDown') {
        event.preventDefault();
        onPage(event.key === 'PageUp' ? -1 : 1);
        return;
      }
      if (items.length > 0) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setSelected((active + step + items.length) % items.length);
          return;
        }
        if (event.key === 'Tab') {
          event.preventDefault();
          take(active);
          return;
        }
        if (event.key === 'Escape') {
          event.preventDefault();
          setDismissed(text);
          return;
        }
        // Enter on a partly typed name completes it; on a whole command name it runs it.
        const exact = !mention && commands.some((command) => `/${command.name}` === text.trim());
        if (event.key === 'Enter' && !event.shiftKey && !exact) {
          event.preventDefault();
          take(active);
          return;
        }
      }
      if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
        event.preventDefault();
        void submit();
        return;
      }
      if (event.key === 'ArrowUp' && onFirstLine(element)) {
        const step = older(history, text);
        if (!step) return;
        event.preventDefault();
        setHistory(step.history);
        edit(step.text);
        return;
      }
      if (event.key === 'ArrowDown' && onLastLine(element)) {
        const step = newer(history);
        if (!step) return;
        event.preventDefault();
        setHistory(step.history);
        edit(step.text);
      }
    };

    const activeId = active >= 0 ? optionId(listId, active) : undefined;
    return (
      <div
        className={`composer${bang ? ' composer-bang' : ''}`}
        onDragOver={onDragOver}
        onDrop={onDrop}
      >
        {listShown ? (
          <CompletionList
            id={listId}
            label={mention ? 'Files' : 'Commands'}
            items={items}
            active={active}
            onTake={take}
            {...(mention && found?.problem !== undefined ? { problem: found.problem } : {})}
          />
        ) : null}
        <PendingChips
          attachments={attachments}
          onRemove={(id) =>
            setAttachments((current) => current.filter((attachment) => attachment.id !== id))
          }
        />
        <div className="composer-row">
          {bang ? (
            <span className="composer-mode" aria-hidden="true">
              shell
            </span>
          ) : null}
          <textarea
            ref={area}
            aria-label="Message"
            aria-autocomplete="list"
            aria-controls={listShown ? listId : undefined}
            aria-activedescendant={activeId}
            aria-description={bang ? 'Runs as a shell command' : undefined}
            placeholder={
              running
                ? 'Wave is working; a message now waits in the queue'
                : 'Message Wave, / for commands, @ for files, ! for a shell command'
            }
            rows={Math.min(Math.max(text.split('\n').length, 1), 10)}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setCaret(event.target.selectionStart);
              setSelected(0);
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
          />
          {running ? (
            <button type="button" className="stop-button" onClick={onStop}>
              Stop
            </button>
          ) : null}
          <button
            type="button"
            className="send-button"
            onClick={() => void submit()}
            disabled={text.trim() === '' && attachments.length === 0}
          >
            Send
          </button>
        </div>
      </div>
    );
  }),
);
