// At most one picker at a time, opened by a command (`choose`) and answered by the user: the
// promise resolves with the chosen index, or undefined on Esc.

import { useCallback, useRef, useState } from 'react';
import type { PickerSpec } from '../../commands/command-context.js';

export interface OpenPicker {
  readonly spec: PickerSpec;
  /** Changes per opening, so a new picker starts with its own highlight. */
  readonly key: number;
  readonly answer: (index: number | undefined) => void;
}

export interface ChoiceDialog {
  readonly open: OpenPicker | undefined;
  readonly choose: (spec: PickerSpec) => Promise<number | undefined>;
}

export function useChoiceDialog(): ChoiceDialog {
  const [open, setOpen] = useState<OpenPicker | undefined>(undefined);
  const current = useRef<OpenPicker | undefined>(undefined);
  const openings = useRef(0);
  const choose = useCallback((spec: PickerSpec): Promise<number | undefined> => {
    if (spec.items.length === 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      openings.current += 1;
      const key = openings.current;
      const picker: OpenPicker = {
        spec,
        key,
        answer: (index) => {
          if (current.current === picker) {
            current.current = undefined;
            setOpen(undefined);
          }
          resolve(index);
        },
      };
      // A picker opened while another is up replaces it; the first one counts as cancelled.
      const replaced = current.current;
      current.current = picker;
      setOpen(picker);
      replaced?.answer(undefined);
    });
  }, []);
  return { open, choose };
}
