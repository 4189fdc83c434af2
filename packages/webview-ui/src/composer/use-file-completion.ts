// The `@` completion's list: the work folder's files matching what follows the `@`, asked of the
// agent (findFiles) each time that changes. Answers can arrive out of order; only the answer to
// the latest question is shown. A failed question is said in the list's place, not dropped.
import type { FoundFile } from '@wave-agent/shared-protocol';
import { useEffect, useRef, useState } from 'react';
import { sentence } from '../app/use-notes.js';

export type FindFiles = (query: string) => Promise<readonly FoundFile[]>;

export interface FileCompletion {
  /** The query these files answer. */
  readonly query: string;
  readonly files: readonly FoundFile[];
  readonly problem?: string;
}

export function useFileCompletion(
  find: FindFiles | undefined,
  query: string | undefined,
): FileCompletion | undefined {
  const [answer, setAnswer] = useState<FileCompletion | undefined>(undefined);
  const latest = useRef(0);
  useEffect(() => {
    latest.current += 1;
    if (query === undefined || !find) return;
    const asked = latest.current;
    find(query).then(
      (files) => {
        if (asked === latest.current) setAnswer({ query, files });
      },
      (error: unknown) => {
        if (asked === latest.current)
          setAnswer({
            query,
            files: [],
            problem: `Files could not be listed: ${sentence(error)}`,
          });
      },
    );
  }, [find, query]);
  // While the next answer is on its way the last one stays (no flicker as the user types); none
  // once the mention is over.
  return query === undefined ? undefined : answer;
}
