// What the model reads of an MCP tool's result: its text, the text of embedded resources, a
// line for each image, sound or link it cannot read as text, or the structured content as JSON
// when that is all there is. Bounded like every tool's output (tools/bounded-output.ts).
import type { CallToolResult } from '@modelcontextprotocol/client';
import { boundOutput, formatCount } from '../tools/bounded-output.js';

/** Base64 text of this length is about this many bytes. */
function base64Bytes(data: string): string {
  return formatCount(Math.floor((data.length * 3) / 4));
}

/** One block of content (a tool's result, a prompt's message) as the model reads it. */
export function blockText(block: CallToolResult['content'][number]): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${base64Bytes(block.data)} bytes: not shown to the model]`;
    case 'resource':
      return 'text' in block.resource
        ? block.resource.text
        : `[resource ${block.resource.uri}${block.resource.mimeType ? ` (${block.resource.mimeType})` : ''}: binary, not shown to the model]`;
    case 'resource_link':
      return `[resource link ${block.uri}${block.name ? ` (${block.name})` : ''}]`;
    default:
      return '[a kind of content Wave does not know]';
  }
}

export function resultText(result: CallToolResult): string {
  const parts = result.content.map(blockText).filter((text) => text !== '');
  if (parts.length === 0 && result.structuredContent !== undefined) {
    parts.push(JSON.stringify(result.structuredContent) ?? '');
  }
  const text = parts.join('\n');
  return boundOutput(text === '' ? '(The tool returned no content.)' : text);
}
