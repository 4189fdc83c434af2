// An Edit or Write shown as a diff: removed and added lines marked by colour and by sign (so it
// reads without colour too), long changes cut with the number of lines left out.
import type { FileChange } from './tool-view.js';
import { MAX_DIFF_LINES } from './tool-view.js';

const SIGN = { added: '+', removed: '-', context: ' ' } as const;

export function FileChangeView({ change }: { readonly change: FileChange }) {
  const shown = change.lines.slice(0, MAX_DIFF_LINES);
  const left = change.lines.length - shown.length;
  return (
    <figure className="file-change">
      <figcaption>{change.path}</figcaption>
      <pre className="diff">
        {shown.map((line, index) => (
          <span key={index} className={`diff-line diff-${line.kind}`}>
            {SIGN[line.kind]} {line.text}
            {'\n'}
          </span>
        ))}
      </pre>
      {left > 0 ? <p className="diff-more">… {left} more lines</p> : null}
    </figure>
  );
}
