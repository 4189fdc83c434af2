// /export in the chat UI: the page cannot write into the work folder, so the Markdown (the
// shared sessionMarkdown, as the terminal writes it) is offered as a download under the name
// given, or the default one; `--copy` puts it on the clipboard through the browser. VS Code's
// panel allows no downloads, which the note says, with --copy as the way out.
import type { SessionHandle } from '@wave-agent/client';
import { errorText, exportFileName, sessionMarkdown } from '@wave-agent/shared-protocol';
import type { NoteLevel } from './web-commands.js';

const COPY_FLAG = '--copy';

/** A file name with any folder dropped: the browser saves downloads where it saves them. */
function downloadName(args: string): string {
  return (
    args
      .replace(/^(["'])(.*)\1$/, '$2')
      .split(/[\\/]/)
      .pop() ?? ''
  );
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function exportConversation(
  session: SessionHandle,
  args: string,
  note: (text: string, level?: NoteLevel) => void,
): Promise<void> {
  const state = session.getSnapshot();
  if (state.conversation.messages.length === 0) {
    note('There is nothing to export yet: the conversation is empty.', 'warning');
    return;
  }
  const now = new Date();
  const markdown = sessionMarkdown(state, now.getTime());
  if (args === COPY_FLAG) {
    try {
      await navigator.clipboard.writeText(markdown);
      note('Copied the conversation as Markdown to the clipboard.');
    } catch (error) {
      note(
        `The browser did not let the page write to the clipboard (${errorText(error)}); /export downloads the file instead.`,
        'warning',
      );
    }
    return;
  }
  const name = downloadName(args) || exportFileName(state.conversation.messages, now);
  download(name, markdown);
  note(
    `Exported the conversation as Markdown: ${name}, in your downloads. (VS Code's panel allows no downloads: there, /export --copy.)`,
  );
}
