// /btw: a side question answered beside the conversation, never part of it. The answer streams
// in; closing the panel stops it if it is still coming.
import type { SideQuestion } from '@wave-agent/shared-protocol';
import { Markdown } from '../markdown/Markdown.js';

export function BtwPanel({
  btw,
  onClose,
}: {
  readonly btw: SideQuestion;
  readonly onClose: (btwId: string) => void;
}) {
  return (
    <aside className="btw-panel" aria-label="Side question" data-stage={btw.stage}>
      <header>
        <h2>By the way: {btw.question}</h2>
        <button type="button" onClick={() => onClose(btw.btwId)}>
          Close
        </button>
      </header>
      {btw.answer ? <Markdown source={btw.answer} streaming={btw.stage === 'answering'} /> : null}
      {btw.stage === 'answering' && btw.answer === '' ? (
        <p className="btw-waiting">Answering…</p>
      ) : null}
      {btw.stage === 'failed' ? (
        <p className="block-error">{btw.error ?? 'The side question failed.'}</p>
      ) : null}
    </aside>
  );
}
