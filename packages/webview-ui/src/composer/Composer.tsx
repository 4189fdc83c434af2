// The prompt: a multi-line input named "Message" (Enter sends, Shift+Enter adds a line), history
// on ↑/↓ at its first/last line, slash-command completion from the shared table, `!` for a shell
// command, PageUp/PageDown scrolling the conversation, and Send or Stop beside it.
import { completedInput, matchingCommands } from '@wave-agent/shared-protocol';
import type { CustomCommandInfo } from '@wave-agent/shared-protocol';
import { forwardRef, memo, useId, useImperativeHandle, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { emptyHistory, newer, older, remember } from './input-history.js';
import { offeredCommands } from './web-commands.js';

export interface ComposerHandle {
  focus(): void;
  /** Adds text to the prompt (a host's "add selection"); on a line of its own if text is there. */
  insert(text: string): void;
  /** Puts text in the prompt when it is empty (a rewound message comes back to edit). */
  offer(text: string): boolean;
}

export interface ComposerProps {
  readonly running: boolean;
  /** The session's custom commands (SessionState.context), completed after the built-in ones. */
  readonly customCommands: readonly CustomCommandInfo[];
  /** Sends, queues or runs the text; resolves false when it was refused (the text stays). */
  readonly onSubmit: (text: string) => Promise<boolean>;
  readonly onStop: () => void;
  /** PageUp/PageDown in the prompt scroll the conversation. */
  readonly onPage: (direction: -1 | 1) => void;
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
    { running, customCommands, onSubmit, onStop, onPage },
    handle,
  ) {
    const area = useRef<HTMLTextAreaElement>(null);
    const [text, setText] = useState('');
    const [history, setHistory] = useState(emptyHistory);
    const [selected, setSelected] = useState(0);
    const [dismissed, setDismissed] = useState<string | undefined>(undefined);
    const listId = useId();
    const completions =
      dismissed === text ? [] : matchingCommands(text, offeredCommands(customCommands));
    const active = completions.length > 0 ? Math.min(selected, completions.length - 1) : -1;
    const bang = text.startsWith('!');

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
    }));

    const edit = (next: string): void => {
      setText(next);
      setSelected(0);
    };

    const submit = async (): Promise<void> => {
      const typed = text;
      if (typed.trim() === '') return;
      setText('');
      setHistory((current) => remember(current, typed));
      if (!(await onSubmit(typed))) setText((current) => (current === '' ? typed : current));
    };

    const complete = (): void => {
      const command = completions[active];
      if (command) edit(completedInput(command));
    };

    const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
      const element = event.currentTarget;
      if (event.nativeEvent.isComposing) return;
      if (event.key === 'PageUp' || event.key === 'PageDown') {
        event.preventDefault();
        onPage(event.key === 'PageUp' ? -1 : 1);
        return;
      }
      if (completions.length > 0) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setSelected((active + step + completions.length) % completions.length);
          return;
        }
        if (event.key === 'Tab') {
          event.preventDefault();
          complete();
          return;
        }
        if (event.key === 'Escape') {
          event.preventDefault();
          setDismissed(text);
          return;
        }
        // Enter on a partly typed name completes it; on a whole name it runs the command.
        const exact = completions.some((command) => `/${command.name}` === text.trim());
        if (event.key === 'Enter' && !event.shiftKey && !exact) {
          event.preventDefault();
          complete();
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
        setText(step.text);
        return;
      }
      if (event.key === 'ArrowDown' && onLastLine(element)) {
        const step = newer(history);
        if (!step) return;
        event.preventDefault();
        setHistory(step.history);
        setText(step.text);
      }
    };

    const activeId = active >= 0 ? `${listId}-${active}` : undefined;
    return (
      <div className={`composer${bang ? ' composer-bang' : ''}`}>
        {completions.length > 0 ? (
          <ul className="completions" id={listId} role="listbox" aria-label="Commands">
            {completions.map((command, index) => (
              <li
                key={command.name}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  edit(completedInput(command));
                }}
              >
                <span className="completion-name">
                  /{command.name}
                  {command.argumentHint ? ` ${command.argumentHint}` : ''}
                </span>
                <span className="completion-description">{command.description}</span>
              </li>
            ))}
          </ul>
        ) : null}
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
            aria-controls={completions.length > 0 ? listId : undefined}
            aria-activedescendant={activeId}
            aria-description={bang ? 'Runs as a shell command' : undefined}
            placeholder={
              running
                ? 'Wave is working; a message now waits in the queue'
                : 'Message Wave, / for commands, ! for a shell command'
            }
            rows={Math.min(Math.max(text.split('\n').length, 1), 10)}
            value={text}
            onChange={(event) => edit(event.target.value)}
            onKeyDown={onKeyDown}
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
            disabled={text.trim() === ''}
          >
            Send
          </button>
        </div>
      </div>
    );
  }),
);
