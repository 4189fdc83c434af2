// Whether the agent is busy on the UI's behalf: turns (each queued message resolves when its
// own turn ends), bang commands, compaction. The clock starts when the first piece of work
// starts and stops when the last one settles, so a run of queued turns reads as one.

import { useCallback, useState } from 'react';

export interface WorkTracker {
  /** Epoch ms when the current run of work started; undefined when idle. */
  readonly startedAt: number | undefined;
  /** What runs, when it is not a turn (e.g. "Compacting the conversation"). */
  readonly activity: string | undefined;
  /** Counts `work` as running until it settles; returns it. */
  readonly track: <T>(work: Promise<T>, activity?: string) => Promise<T>;
}

interface Busy {
  readonly pending: number;
  readonly startedAt: number | undefined;
  readonly activities: readonly string[];
}

const IDLE: Busy = { pending: 0, startedAt: undefined, activities: [] };

export function useWorkTracker(): WorkTracker {
  const [busy, setBusy] = useState<Busy>(IDLE);
  const track = useCallback(<T>(work: Promise<T>, activity?: string): Promise<T> => {
    setBusy((previous) => ({
      pending: previous.pending + 1,
      startedAt: previous.pending === 0 ? Date.now() : previous.startedAt,
      activities: activity ? [...previous.activities, activity] : previous.activities,
    }));
    const done = (): void =>
      setBusy((previous) => {
        if (previous.pending <= 1) return IDLE;
        const index = activity ? previous.activities.indexOf(activity) : -1;
        return {
          ...previous,
          pending: previous.pending - 1,
          activities: index === -1 ? previous.activities : previous.activities.toSpliced(index, 1),
        };
      });
    work.then(done, done);
    return work;
  }, []);
  return { startedAt: busy.startedAt, activity: busy.activities.at(-1), track };
}
