// Whether a sandboxed command failed the way the sandbox makes things fail (a write to a
// read-only file system, a hidden file, no network), so the user can be offered to run it once
// outside, with the reason. A guess from the output: the user decides.

interface DenialSign {
  readonly pattern: RegExp;
  readonly reason: string;
}

const WRITE =
  'it tried to write outside the work folder, the temp folder and the sandbox\'s "allowWrite" folders';
const NETWORK = 'it tried to use the network, which the sandbox cuts off ("network": false)';

const SIGNS: readonly DenialSign[] = [
  { pattern: /Read-only file system|EROFS/, reason: WRITE },
  {
    pattern:
      /Network is unreachable|ENETUNREACH|Could not resolve host|Temporary failure in name resolution|EAI_AGAIN|getaddrinfo|fetch failed|ECONNREFUSED|Connection refused/,
    reason: NETWORK,
  },
  {
    pattern: /Permission denied|Operation not permitted|EACCES|EPERM/,
    reason: 'it was refused access to a file, which the sandbox may hide or keep read-only',
  },
];

/** Why the sandbox probably made it fail, or undefined when nothing in the output says so. */
export function sandboxDenialReason(output: string, network: boolean): string | undefined {
  for (const sign of SIGNS) {
    if (sign.reason === NETWORK && network) continue;
    if (sign.pattern.test(output)) return sign.reason;
  }
  return undefined;
}
