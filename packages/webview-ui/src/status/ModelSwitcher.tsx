// The model switcher in the toolbar under the message box. With configured models (the session
// state's list, the same one the terminal's /model picker shows): a list of them, the current one
// selected, each with its provider, model id and what it is chosen for, and a last entry to type
// any other model id. Without: the model id, editable.
import type { SessionState } from '@wave-agent/client';
import type { ConfiguredModel } from '@wave-agent/shared-protocol';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';

/** Stands for a current model that is not in the list (a plain model id). */
const NOT_LISTED = '';
/** The list's last entry: type a model id the list does not hold. */
const TYPE_ID = '\u0000type';

export function modelLabel(model: ConfiguredModel): string {
  const marks = model.purposes.length > 0 ? ` (${model.purposes.join(', ')})` : '';
  return `${model.name} — ${model.provider} ${model.model}${marks}`;
}

export interface ModelSwitcherProps {
  readonly state: SessionState;
  readonly onModel: (model: string) => void;
}

/** What /model without a name does in the webview: it moves the focus here. */
export interface ModelSwitcherHandle {
  focus(): void;
}

export const ModelSwitcher = forwardRef<ModelSwitcherHandle, ModelSwitcherProps>(
  function ModelSwitcher({ state, onModel }, handle) {
    const { model: current, models } = state;
    const select = useRef<HTMLSelectElement>(null);
    const input = useRef<HTMLInputElement>(null);
    useImperativeHandle(handle, () => ({
      focus: () => (select.current ?? input.current)?.focus(),
    }));
    const [typed, setTyped] = useState(current.model);
    const [typing, setTyping] = useState(false);
    useEffect(() => setTyped(current.model), [current.model]);
    const listed = models.some((model) => model.name === current.name);
    if (models.length > 1 && !typing) {
      return (
        <label className="model-form">
          <span className="visually-hidden">Model</span>
          <select
            ref={select}
            aria-label="Model"
            value={listed ? current.name : NOT_LISTED}
            title={current.reason ?? `${current.provider} model`}
            onChange={(event) => {
              if (event.target.value === TYPE_ID) {
                setTyped('');
                setTyping(true);
              } else if (event.target.value !== NOT_LISTED) onModel(event.target.value);
            }}
          >
            {listed ? null : (
              <option value={NOT_LISTED} disabled>
                {`${current.model} — ${current.provider} (not a configured model)`}
              </option>
            )}
            {models.map((model) => (
              <option key={model.name} value={model.name}>
                {modelLabel(model)}
              </option>
            ))}
            <option value={TYPE_ID}>Another model id…</option>
          </select>
        </label>
      );
    }
    return (
      <form
        className="model-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim() !== '' && typed.trim() !== current.model) onModel(typed.trim());
          setTyping(false);
        }}
      >
        <label>
          <span className="visually-hidden">Model</span>
          <input
            ref={input}
            aria-label="Model"
            value={typed}
            title={current.reason ?? `${current.provider} model`}
            autoFocus={typing}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && typing) setTyping(false);
            }}
            onBlur={() => {
              setTyped(current.model);
              setTyping(false);
            }}
          />
        </label>
      </form>
    );
  },
);
