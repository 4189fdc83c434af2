// The MCP resources a message mentions (`@<server>:<uri>`), read from their servers
// (`resources/read`) as sections the model reads after the message, as Claude Code attaches
// them. What cannot be read (a server that refuses, binary content) is a sentence for the user
// and the model; the message goes on without it.
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { errorText, mcpResourceMentions, mcpResourcePath } from '@wave-agent/shared-protocol';
import type { McpServerStatus } from '@wave-agent/shared-protocol';
import { boundOutput } from '../tools/bounded-output.js';

export type ReadResource = (
  server: string,
  uri: string,
  signal: AbortSignal,
) => Promise<ReadResourceResult>;

export interface MentionedResources {
  /** What the model reads after the message, one section per resource. */
  readonly sections: readonly string[];
  /** What could not be attached, as sentences. */
  readonly notices: readonly string[];
}

export async function readMentionedResources(
  text: string,
  servers: readonly McpServerStatus[],
  read: ReadResource,
  signal: AbortSignal,
): Promise<MentionedResources> {
  const sections: string[] = [];
  const notices: string[] = [];
  for (const { server, uri } of mcpResourceMentions(text, servers)) {
    const name = mcpResourcePath(server, uri);
    let result: ReadResourceResult;
    try {
      result = await read(server, uri, signal);
    } catch (error) {
      notices.push(`@${name} was not attached: ${errorText(error)}`);
      continue;
    }
    const texts: string[] = [];
    for (const content of result.contents) {
      if ('text' in content) texts.push(content.text);
      else
        notices.push(
          `@${name} was not attached: ${content.uri} is binary${content.mimeType ? ` (${content.mimeType})` : ''}, which Wave does not send to the model.`,
        );
    }
    if (texts.length > 0)
      sections.push(
        `Contents of the MCP resource @${name}:\n\`\`\`\n${boundOutput(texts.join('\n'))}\n\`\`\``,
      );
  }
  return { sections, notices };
}
