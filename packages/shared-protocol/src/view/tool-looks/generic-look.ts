// The look of a tool nobody described: an MCP server's, a plugin's, one added without a look.
// Its name says where it comes from (`notes · add_note` for `mcp__notes__add_note`), and its
// body is its input's key values, each cut to a line, so a card reads without opening the JSON.
import type { ToolLook, ToolInput } from '../tool-look.js';

const MCP_PREFIX = 'mcp__';
const MAX_VALUE = 200;
const MAX_ENTRIES = 12;

/** `server · tool` for an MCP tool's `mcp__server__tool`; any other name as it is. */
export function shownToolName(toolName: string): string {
  if (!toolName.startsWith(MCP_PREFIX)) return toolName;
  const rest = toolName.slice(MCP_PREFIX.length);
  const split = rest.indexOf('__');
  if (split <= 0 || split === rest.length - 2) return toolName;
  return `${rest.slice(0, split)} · ${rest.slice(split + 2)}`;
}

function oneLine(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_VALUE ? `${line.slice(0, MAX_VALUE - 1)}…` : line;
}

function keyValues(input: ToolInput) {
  const entries = Object.entries(input).slice(0, MAX_ENTRIES);
  return entries.map(([key, value]) => ({ key, value: oneLine(value) }));
}

export const genericLook: ToolLook = {
  name: shownToolName,
  body: (input) => {
    const entries = keyValues(input);
    return entries.length === 0 ? [] : [{ kind: 'keyValues', entries }];
  },
};
