// The images the prompt holds (Ctrl+V's, a pasted image path's) until its text is sent. Each is
// written into the text as its chip, `[Image #N]` (as Claude Code does): deleting the chip drops
// the image, and the message sends the images whose chips are still in it.
import type { AttachmentInput } from '@wave-agent/shared-protocol';
import type { PastedImage } from '../../cli/pasted-paths.js';

export class PendingImages {
  private readonly images = new Map<string, PastedImage>();
  private count = 0;

  /** Holds the image and returns its chip, to be put in the text. */
  add(image: PastedImage): string {
    this.count += 1;
    const chip = `[Image #${this.count}]`;
    this.images.set(chip, image);
    return chip;
  }

  /** The attachments of the images whose chips are in `text`, in the text's order. */
  attachmentsFor(text: string): AttachmentInput[] {
    return [...this.images.entries()]
      .map(([chip, image]) => ({ at: text.indexOf(chip), image }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at)
      .map(({ image }) => ({
        type: 'image' as const,
        name: image.name.slice(0, 255),
        mediaType: image.mediaType,
        data: image.bytes.toString('base64'),
      }));
  }

  /** The message went: its images are no longer the prompt's. */
  clear(): void {
    this.images.clear();
  }
}
