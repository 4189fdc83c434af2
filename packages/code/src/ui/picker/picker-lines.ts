// A list to choose from, as lines: a title, the items around the highlighted one (with how many
// more there are above and below), and the keys.

import { paint } from '../render/ansi.js';
import { terminalText } from '../../terminal/terminal-text.js';
import { truncateAnsiLine } from '../render/ansi-lines.js';
import type { PickerItem, PickerSpec } from '../../commands/command-context.js';

/** Items shown at once; more scroll. */
export const PICKER_VISIBLE_ITEMS = 8;

function itemLine(item: PickerItem, index: number, selected: boolean, width: number): string {
  const marker = selected ? paint('❯', { color: 'cyan' }) : ' ';
  const label = `${index + 1}. ${terminalText(item.label).replace(/\s+/g, ' ')}`;
  const detail = item.detail ? paint(`  ${item.detail}`, { dim: true }) : '';
  return truncateAnsiLine(
    `  ${marker} ${selected ? paint(label, { bold: true }) : label}${detail}`,
    width,
  );
}

export function pickerLines(spec: PickerSpec, selected: number, width: number): string[] {
  const { items } = spec;
  const visible = Math.min(PICKER_VISIBLE_ITEMS, items.length);
  const start = Math.max(0, Math.min(selected - Math.floor(visible / 2), items.length - visible));
  const lines = [truncateAnsiLine(paint(spec.title, { bold: true }), width)];
  if (start > 0) lines.push(paint(`    ↑ ${start} more`, { dim: true }));
  items
    .slice(start, start + visible)
    .forEach((item, offset) =>
      lines.push(itemLine(item, start + offset, start + offset === selected, width)),
    );
  const below = items.length - start - visible;
  if (below > 0) lines.push(paint(`    ↓ ${below} more`, { dim: true }));
  const keys = `↑/↓ choose · Enter selects · ${spec.escapeHint ?? 'Esc cancels'}`;
  lines.push(truncateAnsiLine(paint(`  ${keys}`, { dim: true }), width));
  return lines;
}

/** The most rows `pickerLines` takes for `spec`, whatever is highlighted. */
export function pickerHeight(spec: PickerSpec): number {
  const visible = Math.min(PICKER_VISIBLE_ITEMS, spec.items.length);
  const scrolls = spec.items.length > visible;
  return 1 + visible + (scrolls ? 2 : 0) + 1;
}
