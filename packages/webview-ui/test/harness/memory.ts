// The page's JavaScript heap as it stands after garbage collection (DevTools protocol): what the
// page still holds on to, not what it has not collected yet.
import type { Page } from 'playwright-core';

/** Bytes of JS heap in use after forced collections. */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // A few rounds: finalisers and weak references free more on the next one.
    for (let round = 0; round < 3; round++) await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach();
  }
}
