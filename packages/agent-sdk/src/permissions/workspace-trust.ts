// Workspace trust: what a work folder's own files ask for (a higher permission mode, tools that
// run without asking, another provider or endpoint for the user's key, processes to start) is
// the repository's word, not the user's. It takes effect only for requests the user trusted the
// folder with: remembered in $WAVE_HOME (trusted-folders.ts), or answered yes now by whoever can
// ask the user (the terminal UI, or the host over --stdio). With no one to ask (print mode), the
// requests are ignored and the caller says which. Every source of such requests (settings and
// .mcp.json's MCP servers today; hooks and agents later) goes through decideWorkspaceTrust.
import { realpath } from 'node:fs/promises';
import type { ProjectRequest } from '@wave-agent/shared-protocol';
import { storageReason } from '../storage/storage-problem.js';
import {
  grantedFor,
  readTrustedFolders,
  rememberTrust,
  trustedFoldersPath,
} from './trusted-folders.js';
import { errorText } from '@wave-agent/shared-protocol';

export type { ProjectRequest } from '@wave-agent/shared-protocol';

export interface TrustQuestion {
  /** The folder, links resolved. */
  readonly workdir: string;
  /** What it asks for that the user has not trusted it with yet. */
  readonly requests: readonly ProjectRequest[];
}

export interface TrustAnswer {
  readonly trusted: boolean;
  /** Remember in $WAVE_HOME, so the same requests are not asked about again. */
  readonly remember?: boolean;
}

export type AskTrust = (question: TrustQuestion) => Promise<TrustAnswer>;

export interface TrustDecision {
  /** Requests that take effect. */
  readonly granted: readonly ProjectRequest[];
  /** Requests that are ignored: not trusted, and nobody said yes. */
  readonly ignored: readonly ProjectRequest[];
  /** Things the user should hear (an unreadable trust file, a failed ask), as sentences. */
  readonly problems: readonly string[];
}

export interface TrustInput {
  readonly waveHome: string;
  readonly workdir: string;
  readonly requests: readonly ProjectRequest[];
  /** Who can ask the user; without it, untrusted requests are ignored. */
  readonly ask?: AskTrust;
  /** Keys already trusted in this process (a host said yes without remembering). */
  readonly alsoGranted?: ReadonlySet<string>;
}

export async function decideWorkspaceTrust(input: TrustInput): Promise<TrustDecision> {
  const { requests } = input;
  if (requests.length === 0) return { granted: [], ignored: [], problems: [] };
  const folder = await realpath(input.workdir).catch(() => input.workdir);
  const stored = readTrustedFolders(input.waveHome);
  const problems = stored.problem ? [stored.problem] : [];
  const known = grantedFor(stored.file, folder);
  const isGranted = (request: ProjectRequest): boolean =>
    known.has(request.key) || (input.alsoGranted?.has(request.key) ?? false);
  const pending = requests.filter((request) => !isGranted(request));
  const already = requests.filter(isGranted);
  if (pending.length === 0) return { granted: requests, ignored: [], problems };
  if (!input.ask) return { granted: already, ignored: pending, problems };

  let answer: TrustAnswer;
  try {
    answer = await input.ask({ workdir: folder, requests: pending });
  } catch (error) {
    problems.push(
      `Nobody could be asked whether to trust ${folder} (${errorText(error)}); its settings that need trust are ignored.`,
    );
    return { granted: already, ignored: pending, problems };
  }
  if (!answer.trusted) return { granted: already, ignored: pending, problems };
  if (answer.remember) {
    try {
      await rememberTrust(
        input.waveHome,
        folder,
        pending.map((request) => request.key),
      );
    } catch (error) {
      problems.push(
        `Could not remember the trust in ${trustedFoldersPath(input.waveHome)} (${storageReason(error)}); Wave will ask again next time.`,
      );
    }
  }
  return { granted: requests, ignored: [], problems };
}
