// How long one delta takes to apply and render in the real Ink UI, after 10 and after 1,000
// finished messages: a UI that slows down as the session grows would show it here.
import { mountUiForBenchmark, sampleConversation } from '@wave-agent/code/benchmark';

export interface DeltaFigures {
  readonly priorMessages: number;
  /** Median over the measured deltas. */
  readonly medianMs: number;
  /** Measured deltas whose words were on the frame written after them (all, or it measured nothing). */
  readonly deltasShown: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function benchUiDelta(priorMessages: number, deltas: number): Promise<DeltaFigures> {
  const ui = await mountUiForBenchmark({ messages: sampleConversation(priorMessages) });
  try {
    await ui.step({ type: 'assistantMessageAdded', messageId: 'live', createdAt: 0 });
    const times: number[] = [];
    let deltasShown = 0;
    for (let i = 0; i < deltas; i++) {
      const start = performance.now();
      await ui.step({
        type: 'assistantContentUpdated',
        messageId: 'live',
        chunk: `word${i} `,
        stage: 'streaming',
      });
      times.push(performance.now() - start);
      if (ui.lastFrame.includes(`word${i}`)) deltasShown += 1;
    }
    return { priorMessages, medianMs: median(times), deltasShown };
  } finally {
    ui.unmount();
  }
}
