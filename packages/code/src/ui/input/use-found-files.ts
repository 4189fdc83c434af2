// The files and folders the agent finds for the `@` mention being typed (findFiles). One request
// per change of the query, none while no mention is typed (so none at idle); an answer to an
// older query than the latest is dropped. While the next answer is on its way the last one stays,
// narrowed to what was typed since (prompt-keys' visibleMentions), so the list does not blink.

import { useEffect, useRef, useState } from 'react';
import { errorText } from '@wave-agent/shared-protocol';
import type { SessionHandle } from '@wave-agent/client';
import type { FoundFile } from '@wave-agent/shared-protocol';

export type FindFiles = (query: string) => Promise<readonly FoundFile[]>;

export interface FoundFiles {
  readonly files: readonly FoundFile[];
  /** Why the files could not be listed, said where the list would be. */
  readonly problem?: string;
}

const NOTHING: FoundFiles = { files: [] };

export function useFoundFiles(find: FindFiles | undefined, query: string | undefined): FoundFiles {
  const [found, setFound] = useState<FoundFiles>(NOTHING);
  const latest = useRef(0);
  useEffect(() => {
    const asked = ++latest.current;
    if (query === undefined || find === undefined) {
      setFound(NOTHING);
      return;
    }
    find(query).then(
      (files) => {
        if (asked === latest.current) setFound({ files });
      },
      (error: unknown) => {
        if (asked === latest.current)
          setFound({ files: [], problem: `Files could not be listed: ${errorText(error)}` });
      },
    );
  }, [find, query]);
  return found;
}

/** Asks the session's agent (findFiles): the best matches first, as many as the list scrolls. */
export function filesOfSession(session: SessionHandle): FindFiles {
  return async (query) => (await session.request('findFiles', { query, limit: 50 })).files;
}
