// /context in every UI: how the last request used the model's context window, as a bar (one
// glyph per part, free space last) and a table whose counts add up to what the request sent.
import type { ContextPart, ContextWindowUse } from '../rpc/context-window-use.js';
import { apportion } from '../values/apportion.js';
import { formatCount } from './format-count.js';

export const NO_CONTEXT_YET =
  'No request has been sent in this session yet: /context shows how the last one used the context window.';

const LOOKS: Readonly<Record<ContextPart, { readonly label: string; readonly glyph: string }>> = {
  system: { label: 'System prompt', glyph: '█' },
  tools: { label: 'Tools', glyph: '▓' },
  mcpTools: { label: 'MCP tools', glyph: '▒' },
  agents: { label: 'Agents list', glyph: '▚' },
  memory: { label: 'Memory files', glyph: '▞' },
  skills: { label: 'Skills list', glyph: '▙' },
  messages: { label: 'Messages', glyph: '▆' },
};
const FREE = { label: 'Free space', glyph: '░' };
const BAR_CELLS = 50;

function percent(part: number, whole: number): string {
  if (whole <= 0) return '';
  const share = (part / whole) * 100;
  return `${share > 0 && share < 0.1 ? '<0.1' : share.toFixed(1)}%`;
}

export function contextText(use: ContextWindowUse | undefined): string {
  if (use === undefined) return NO_CONTEXT_YET;
  const { windowTokens } = use;
  const rows = [
    ...use.parts.map(({ part, tokens }) => ({ ...LOOKS[part], tokens })),
    ...(windowTokens !== undefined
      ? [{ ...FREE, tokens: Math.max(0, windowTokens - use.inputTokens) }]
      : []),
  ];
  const window = Math.max(windowTokens ?? 0, use.inputTokens);
  const cells = apportion(
    rows.map((row) => row.tokens),
    BAR_CELLS,
  );
  const bar = rows.map((row, index) => row.glyph.repeat(cells[index] ?? 0)).join('');
  const how = use.reported
    ? "the provider's count, split by Wave's estimate of each part"
    : "Wave's estimate: the provider reported no count";
  const width = Math.max(...rows.map((row) => row.label.length), 'Sent in all'.length);
  const count = (tokens: number) => formatCount(tokens).padStart(9);
  return [
    windowTokens !== undefined
      ? `Context of the last request to ${use.model}: ${formatCount(use.inputTokens)} of ${formatCount(windowTokens)} tokens (${percent(use.inputTokens, window)}), ${how}.`
      : `Context of the last request to ${use.model}: ${formatCount(use.inputTokens)} tokens (the model has no known limit), ${how}.`,
    bar,
    ...rows.map(
      (row) =>
        `${row.glyph} ${row.label.padEnd(width)} ${count(row.tokens)}  ${percent(row.tokens, window)}`,
    ),
    `  ${'Sent in all'.padEnd(width)} ${count(use.inputTokens)}`,
  ].join('\n');
}
