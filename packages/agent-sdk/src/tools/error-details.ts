// Reading what a thrown value says without unsafe casts: Node's fs and process errors carry a
// `code` (ENOENT, EACCES, ESRCH...) that tools turn into sentences the model can act on.

/** The errno-style code of a thrown value (shared-protocol's one `errorCode`). */
export { errorCode } from '@wave-agent/shared-protocol';

/** The message of a thrown value, whatever was thrown (shared-protocol's one `errorText`). */
export { errorText as errorMessage } from '@wave-agent/shared-protocol';
