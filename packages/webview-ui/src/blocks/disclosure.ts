// What the reader opened (a reasoning block, a tool's full output), remembered by the view for
// the session, so a row that scrolls out of the virtualised list and back keeps its state.
import { createContext, useCallback, useContext, useState } from 'react';

export type DisclosureMemory = Map<string, boolean>;

export const DisclosureContext = createContext<DisclosureMemory>(new Map());

export function useDisclosure(key: string, initial: boolean): [boolean, (open: boolean) => void] {
  const memory = useContext(DisclosureContext);
  const [open, setOpenState] = useState(() => memory.get(key) ?? initial);
  const setOpen = useCallback(
    (next: boolean) => {
      memory.set(key, next);
      setOpenState(next);
    },
    [memory, key],
  );
  return [open, setOpen];
}
