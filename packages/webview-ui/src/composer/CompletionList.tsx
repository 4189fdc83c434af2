// A completion list under the prompt (slash commands, `@` files): a listbox whose active option
// the message box points at (aria-activedescendant), taken with a click as with Tab or Enter.
import type { ReactNode } from 'react';

export interface CompletionItem {
  readonly key: string;
  readonly name: ReactNode;
  readonly description?: ReactNode;
}

export function optionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

export function CompletionList({
  id,
  label,
  items,
  active,
  onTake,
  problem,
}: {
  readonly id: string;
  /** The list's accessible name ("Commands", "Files"). */
  readonly label: string;
  readonly items: readonly CompletionItem[];
  readonly active: number;
  readonly onTake: (index: number) => void;
  /** Said in the list's place when it could not be made. */
  readonly problem?: string;
}) {
  return (
    <ul className="completions" id={id} role="listbox" aria-label={label}>
      {problem !== undefined ? (
        <li className="completion-problem" role="presentation">
          {problem}
        </li>
      ) : null}
      {items.map((item, index) => (
        <li
          key={item.key}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          onMouseDown={(event) => {
            // The prompt keeps the focus (and its caret).
            event.preventDefault();
            onTake(index);
          }}
        >
          <span className="completion-name">{item.name}</span>
          {item.description !== undefined ? (
            <span className="completion-description">{item.description}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
