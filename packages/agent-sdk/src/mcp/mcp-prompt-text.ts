// A server's prompt run as a slash command (`/mcp__server__prompt arg1 arg2`): the typed words
// given to the prompt's arguments in the server's order (quoted words count as one; words past
// the last argument stay with it, so `/mcp__s__ask what is this` reaches a one-argument prompt
// whole), the prompt got from the server (`prompts/get`), and its messages as the text the
// model reads for the user's turn. Claude Code also sends every message of the prompt as the
// user's, whatever its role.
import type { GetPromptResult } from '@modelcontextprotocol/client';
import { findMcpPromptCommand } from '@wave-agent/shared-protocol';
import type { McpPromptCommand, McpServerStatus } from '@wave-agent/shared-protocol';
import { argumentWords } from '../context/commands/expand-command.js';
import { boundOutput } from '../tools/bounded-output.js';
import { blockText } from './mcp-result-text.js';

export interface McpPromptSource {
  /** The servers as the session state has them (their prompts, names as listed). */
  readonly servers: () => readonly McpServerStatus[];
  readonly getPrompt: (
    server: string,
    prompt: string,
    args: Record<string, string>,
    signal: AbortSignal,
  ) => Promise<GetPromptResult>;
}

/** The typed words as the prompt's arguments; throws a sentence when a required one is missing. */
export function promptArguments(command: McpPromptCommand, typed: string): Record<string, string> {
  const words = argumentWords(typed);
  const names = command.prompt.arguments.map((argument) => argument.name);
  const values: Record<string, string> = {};
  names.forEach((name, index) => {
    const last = index === names.length - 1;
    const value = last ? words.slice(index).join(' ') : words[index];
    if (value !== undefined && value !== '') values[name] = value;
  });
  const missing = command.prompt.arguments
    .filter((argument) => argument.required === true && values[argument.name] === undefined)
    .map((argument) => argument.name);
  if (missing.length > 0) {
    const usage = `/${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ''}`;
    throw new Error(
      `/${command.name} needs ${missing.length === 1 ? 'the argument' : 'the arguments'} ${missing.join(', ')}: type ${usage}.`,
    );
  }
  return values;
}

/** The prompt's messages as one text for the model: each message's content, in order. */
export function promptText(result: GetPromptResult): string {
  const parts = result.messages.map((message) => blockText(message.content)).filter(Boolean);
  return boundOutput(parts.length > 0 ? parts.join('\n\n') : '(The prompt had no content.)');
}

/**
 * What the model reads for `text` when it runs an MCP prompt; undefined when it names none.
 * Throws a sentence for a prompt that cannot run (a missing argument, a server that refused).
 */
export async function mcpPromptFor(
  text: string,
  source: McpPromptSource,
  signal: AbortSignal,
): Promise<string | undefined> {
  const found = findMcpPromptCommand(text, source.servers());
  if (!found) return undefined;
  const { command, args } = found;
  const values = promptArguments(command, args);
  const result = await source.getPrompt(command.server, command.prompt.name, values, signal);
  return promptText(result);
}
