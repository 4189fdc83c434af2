// The prompt's paste keys. A bracketed paste (the terminal wraps it in ESC[200~ … ESC[201~ once
// Wave asks, cli/bracketed-paste.ts) is gathered whole, then put in as text, or as mentions and
// images when it is only paths of existing files (cli/pasted-paths.ts). Ctrl+V reads an image from
// the clipboard (cli/clipboard-image.ts) and puts its chip in. The images wait in PendingImages
// until the message is sent.
import type { MutableRefObject } from 'react';
import { useCallback, useMemo, useRef } from 'react';
import { errorText } from '@wave-agent/shared-protocol';
import { readClipboardImage } from '../../cli/clipboard-image.js';
import { PASTE_END, PASTE_START } from '../../cli/bracketed-paste.js';
import type { KeyPress, PromptState } from './prompt-keys.js';
import { pastedInput } from '../../cli/pasted-paths.js';
import type { PastedImage } from '../../cli/pasted-paths.js';
import { PendingImages } from './pending-images.js';
import { insertText } from './text-editor.js';

/** How Ink hands the markers over: the escape taken off. */
const START = PASTE_START.slice(1);
const END = PASTE_END.slice(1);

export interface PasteKeysOptions {
  readonly current: MutableRefObject<PromptState>;
  readonly update: (next: PromptState) => void;
  /** Where relative paths are read from, and which files become mentions. */
  readonly workdir: string | undefined;
  readonly warn: ((sentence: string) => void) | undefined;
}

export interface PasteKeys {
  /** Takes the key when it is the paste's; true when it did. */
  readonly handle: (input: string, key: KeyPress) => boolean;
  readonly images: PendingImages;
}

export function usePasteKeys({ current, update, workdir, warn }: PasteKeysOptions): PasteKeys {
  const images = useRef(new PendingImages()).current;
  /** The paste being gathered, while its end has not come. */
  const gathering = useRef<string | undefined>(undefined);

  const putIn = useCallback(
    (pieces: readonly (string | PastedImage)[]) => {
      const text = pieces
        .map((piece) => (typeof piece === 'string' ? piece : images.add(piece)))
        .join('');
      const before = current.current;
      update({ ...before, editor: insertText(before.editor, text), selected: 0 });
    },
    [current, images, update],
  );

  const handle = useCallback(
    (input: string, key: KeyPress): boolean => {
      if (gathering.current !== undefined) {
        if (input === END) {
          const text = gathering.current;
          gathering.current = undefined;
          const pasted = workdir === undefined ? { pieces: [text] } : pastedInput(text, workdir);
          if (pasted.warning) warn?.(pasted.warning);
          putIn(pasted.pieces);
        } else {
          // Ink names a lone Enter or Tab instead of passing it on.
          gathering.current += key.return ? '\r' : key.tab ? '\t' : input;
        }
        return true;
      }
      if (input === START) {
        gathering.current = '';
        return true;
      }
      if (key.ctrl && input === 'v' && !current.current.search) {
        void readClipboardImage().then(
          (found) => {
            if (found.kind === 'none') warn?.(found.sentence);
            else
              putIn([
                { name: `clipboard.${found.mediaType.slice('image/'.length)}`, ...found },
                ' ',
              ]);
          },
          (error: unknown) => warn?.(`The clipboard could not be read: ${errorText(error)}`),
        );
        return true;
      }
      return false;
    },
    [current, putIn, warn, workdir],
  );
  return useMemo(() => ({ handle, images }), [handle, images]);
}
