// The workspace-trust question the server asks while it opens the session: this folder's own
// files want more than Wave allows by default. Nothing they ask for applies until the user says
// so here; closing the dialog counts as "don't trust".
import type { TrustQuestion } from '../session/wave-connection.js';
import { ModalDialog } from './ModalDialog.js';

export function TrustDialog({ question }: { readonly question: TrustQuestion }) {
  const { workdir, requests } = question.params;
  return (
    <ModalDialog
      title="Trust this folder?"
      onCancel={() => question.answer({ trusted: false })}
      className="trust-dialog"
    >
      <p>
        The settings in <code>{workdir}</code> ask for more than Wave allows by default. They are
        the folder’s words, not yours: they apply only if you trust it.
      </p>
      <ul className="trust-requests">
        {requests.map((request) => (
          <li key={request.key}>
            <code>
              {request.setting}: {request.value}
            </code>{' '}
            — {request.description} <span className="trust-source">({request.source})</span>
          </li>
        ))}
      </ul>
      <div className="dialog-buttons">
        <button type="button" onClick={() => question.answer({ trusted: true, remember: true })}>
          Trust and remember
        </button>
        <button type="button" onClick={() => question.answer({ trusted: true })}>
          Trust this time
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => question.answer({ trusted: false })}
        >
          Don’t trust
        </button>
      </div>
    </ModalDialog>
  );
}
