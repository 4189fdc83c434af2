// The conversation as a Markdown document (/export): the user's words, the model's text, each
// tool call as its one-line title and result summary, and every other block as its sentence —
// all from the view models every screen draws (toolView, blockView), so a new tool or block kind
// exports as it shows. Thinking is left out: it is the model's scratch work, which the screens
// show folded, and an export is for reading the exchange. The model's text and tool output are a
// stranger's words: code is fenced with a fence longer than any backtick run inside, inline text
// is escaped, and a code fence the model opened and never closed is closed where its text ends,
// so nothing it wrote swallows the rest of the document.
import type { Message } from '../messages.js';
import type { SessionState } from '../session/session-state.js';
import { inArrivalOrder } from './arrival-order.js';
import { blockView, isViewedBlock } from './block-view.js';
import { TOOL_STATUS_WORDS, toolView } from './tool-view.js';

export interface ConversationHeader {
  readonly sessionId: string;
  readonly workdir: string;
  /** `provider model`, as the status line says it. */
  readonly model: string;
  /** Epoch ms of the export. */
  readonly exportedAt: number;
  readonly title?: string;
}

/** `text` as a fenced code block whose fence no backtick run inside can close. */
export function fencedCode(text: string, language = ''): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `${fence}${language}\n${body}${fence}`;
}

/** One line of a stranger's text as inline code that its own backticks cannot end. */
export function inlineCode(text: string): string {
  const line = text.replace(/\s*\n\s*/g, ' ');
  const longestRun = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** Plain text on one line with Markdown's marks escaped, so it reads as written. */
export function escapeMarkdownLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/[\\`*_[\]<>#|~]/g, (mark) => `\\${mark}`);
}

/** A fence a line opens or closes (CommonMark: up to three spaces, then 3+ ` or ~). */
function fenceOf(line: string): { readonly mark: string; readonly length: number } | undefined {
  const match = /^ {0,3}(`{3,}|~{3,})/.exec(line);
  if (!match?.[1]) return undefined;
  return { mark: match[1].charAt(0), length: match[1].length };
}

/** Markdown the model wrote, with a code fence it left open closed at its end. */
export function closedFences(markdown: string): string {
  let open: { readonly mark: string; readonly length: number } | undefined;
  for (const line of markdown.split('\n')) {
    const fence = fenceOf(line);
    if (fence === undefined) continue;
    if (open === undefined) open = fence;
    else if (
      fence.mark === open.mark &&
      fence.length >= open.length &&
      line.trim() === open.mark.repeat(fence.length)
    )
      open = undefined;
  }
  if (open === undefined) return markdown;
  return `${markdown.replace(/\n*$/, '')}\n${open.mark.repeat(open.length)}`;
}

/** Every line of `text` behind `> `: a quote holds whatever the user typed. */
function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function messageParts(message: Message): string[] {
  const parts: string[] = [];
  for (const block of inArrivalOrder(message).blocks) {
    if (block.type === 'reasoning') continue;
    if (block.type === 'text') {
      if (block.content.trim() === '') continue;
      parts.push(
        message.role === 'user' ? quoted(block.content) : closedFences(block.content.trimEnd()),
      );
      continue;
    }
    if (block.type === 'tool') {
      const view = toolView(block);
      const status = view.status === 'done' ? '' : ` (${TOOL_STATUS_WORDS[view.status]})`;
      const title = `**${escapeMarkdownLine(view.name)}**${view.subject ? ` ${inlineCode(view.subject)}` : ''}${status}`;
      parts.push(
        view.summary ? `- ${title}\n  → ${inlineCode(view.summary.trim())}` : `- ${title}`,
      );
      continue;
    }
    if (isViewedBlock(block)) {
      const view = blockView(block);
      const status = view.status ? ` (${escapeMarkdownLine(view.status)})` : '';
      parts.push(
        `*${escapeMarkdownLine(view.name)}:* ${escapeMarkdownLine(view.sentence)}${status}`,
      );
      if (view.output.trim() !== '') parts.push(fencedCode(view.output));
    }
  }
  return parts;
}

const SPEAKERS: Readonly<Record<Message['role'], string>> = {
  user: 'You',
  assistant: 'Wave',
  system: 'Wave',
};

/** The whole conversation as Markdown, a heading before each change of speaker. */
export function conversationMarkdown(
  messages: readonly Message[],
  header: ConversationHeader,
): string {
  const lines: string[] = [
    `# ${header.title ? escapeMarkdownLine(header.title) : 'Wave conversation'}`,
    '',
    `- Session: ${inlineCode(header.sessionId)}`,
    `- Folder: ${inlineCode(header.workdir)}`,
    `- Model: ${inlineCode(header.model)}`,
    `- Exported: ${new Date(header.exportedAt).toISOString()}`,
  ];
  let speaker: string | undefined;
  for (const message of messages) {
    const parts = messageParts(message);
    if (parts.length === 0) continue;
    const who = SPEAKERS[message.role];
    if (who !== speaker) lines.push('', `## ${who}`);
    speaker = who;
    for (const part of parts) lines.push('', part);
  }
  return `${lines.join('\n')}\n`;
}

/** The session's conversation (or the messages a screen showed) as Markdown, headed by the session. */
export function sessionMarkdown(
  state: SessionState,
  exportedAt: number,
  messages: readonly Message[] = state.conversation.messages,
): string {
  return conversationMarkdown(messages, {
    sessionId: state.sessionId,
    workdir: state.workdir,
    model: `${state.model.provider} ${state.model.model}`,
    exportedAt,
    ...(state.title ? { title: state.title } : {}),
  });
}
