// Shows a PickerSpec in place of the prompt and takes its keys: ↑/↓ (or the item's number)
// to move, Enter to choose, Esc to cancel.

import { useRef, useState } from 'react';
import { useInput } from 'ink';
import type { PickerSpec } from '../../commands/command-context.js';
import { pickerLines } from './picker-lines.js';
import { SafeText } from '../SafeText.js';

interface ChoicePickerProps {
  readonly spec: PickerSpec;
  readonly columns: number;
  readonly onChoose: (index: number) => void;
  readonly onCancel: () => void;
  readonly isActive: boolean;
}

export function ChoicePicker({ spec, columns, onChoose, onCancel, isActive }: ChoicePickerProps) {
  const count = spec.items.length;
  const [selected, setSelected] = useState(Math.min(spec.initial ?? 0, count - 1));
  // Keys read together reach the handler before React draws again: each acts on the highlight
  // the keys before it left (this ref), not on the last frame's, or Enter chooses a stale item.
  const highlight = useRef(selected);
  const move = (index: number) => {
    highlight.current = index;
    setSelected(index);
  };
  useInput(
    (input, key) => {
      const now = highlight.current;
      if (key.upArrow) move((now + count - 1) % count);
      else if (key.downArrow) move((now + 1) % count);
      else if (key.return) onChoose(now);
      else if (key.escape) onCancel();
      else if (/^[1-9]$/.test(input) && Number(input) <= count) move(Number(input) - 1);
    },
    { isActive },
  );
  return <SafeText>{pickerLines(spec, selected, columns).join('\n')}</SafeText>;
}
