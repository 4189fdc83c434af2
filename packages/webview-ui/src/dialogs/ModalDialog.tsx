// A modal dialog on the native <dialog> element: the browser moves focus into it, keeps Tab
// inside, makes the page behind it inert and closes it on Escape (reported as `onCancel`). When
// it goes, focus goes back to where it was (the prompt, after a slash command).
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

export function ModalDialog({
  title,
  onCancel,
  children,
  className,
}: {
  readonly title: string;
  /** Escape, or the dialog's own close button. */
  readonly onCancel: () => void;
  readonly children: ReactNode;
  readonly className?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    // The browser gives focus back only to a dialog closed in place; this one leaves the page.
    const before = document.activeElement;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
