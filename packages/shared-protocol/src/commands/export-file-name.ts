// The name /export gives a conversation when the user names no file, the same in every UI:
// Claude Code's shape (the date and time, then the first words of the first prompt), as
// Markdown. The words are reduced to letters, digits and dashes, so a prompt cannot put a
// slash, a dot-dot or a control character in a file name.
import type { Message } from '../messages.js';

const MOST_WORD_CHARACTERS = 40;

function firstPrompt(messages: readonly Message[]): string {
  for (const message of messages) {
    if (message.role !== 'user') continue;
    for (const block of message.blocks) if (block.type === 'text') return block.content;
  }
  return '';
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** `2026-12-06-001502-fix-the-failing-test.md`, in local time. */
export function exportFileName(messages: readonly Message[], at: Date): string {
  const date = `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
  const time = `${twoDigits(at.getHours())}${twoDigits(at.getMinutes())}${twoDigits(at.getSeconds())}`;
  const words = firstPrompt(messages)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MOST_WORD_CHARACTERS)
    .replace(/^-+|-+$/g, '');
  return `${date}-${time}-${words || 'conversation'}.md`;
}
