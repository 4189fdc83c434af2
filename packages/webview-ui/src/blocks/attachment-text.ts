// How an attachment is named on a chip, pending in the prompt or sent: its size, its lines.

/** `12 KB`, `3.4 MB`. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `path`, `path:3` or `path:3-9`. */
export function linesLabel(
  path: string,
  lines?: { readonly from: number; readonly to: number },
): string {
  if (!lines) return path;
  return lines.from === lines.to ? `${path}:${lines.from}` : `${path}:${lines.from}-${lines.to}`;
}
