// The terminal's size, following resizes.

import { useEffect, useState } from 'react';
import { useStdout } from 'ink';

export interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

const FALLBACK: TerminalSize = { columns: 80, rows: 24 };

function sizeOf(stream: NodeJS.WriteStream): TerminalSize {
  // A terminal says its size through the kernel (the stream Ink writes to may not tell it all:
  // see render/reflow-aware-stdout.ts); other streams through their properties.
  const [columns, rows] =
    typeof stream.getWindowSize === 'function'
      ? stream.getWindowSize()
      : [stream.columns, stream.rows];
  return { columns: columns || FALLBACK.columns, rows: rows || FALLBACK.rows };
}

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const onResize = (): void => setSize(sizeOf(stdout));
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
