// How long one event takes to apply and render in the real Ink UI when the live area is made of
// blocks drawn from views: a hook block and a notice before a reply of tool calls with their hook
// runs. Each step is the running call's output chunk or one of its hook runs starting or ending;
// every frame redraws the live cards, so a view that is not cached per block, or a renderer that
// does more per card, shows here.
import { mountUiForBenchmark, sampleConversation } from '@wave-agent/code/benchmark';
import type { AgentEvent } from '@wave-agent/shared-protocol';

export interface BlockFrameFigures {
  /** Median over the measured steps. */
  readonly medianMs: number;
  /** Steps whose change was on the frame written after them (all, or it measured nothing). */
  readonly stepsShown: number;
  readonly steps: number;
}

/** Tool calls in the live message, each with a PreToolUse hook that ran. */
const TOOLS = 6;
/** Every so many steps, the running call's hook run starts or ends instead of an output chunk. */
const HOOK_EVERY = 5;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A hook run: of a tool call in the live message, or a hook block of its own message. */
const hookRun = (
  id: string,
  stage: 'running' | 'end',
  toolCallId?: string,
  message?: string,
): AgentEvent => ({
  type: 'hookRunUpdated',
  messageId: toolCallId === undefined ? `hook-${id}` : 'live',
  createdAt: 0,
  id,
  event: toolCallId === undefined ? 'UserPromptSubmit' : 'PreToolUse',
  command: `./hooks/check-${id}.sh --strict`,
  source: '/project/.claude/settings.json',
  stage,
  ...(stage === 'end' ? { outcome: 'ok' as const, exitCode: 0, output: 'checked\n' } : {}),
  ...(message !== undefined ? { message } : {}),
  ...(toolCallId !== undefined ? { toolCallId } : {}),
});

/** The live message before the measured steps: tool calls (the last one running) with hooks. */
function setUp(): AgentEvent[] {
  const events: AgentEvent[] = [
    hookRun('prompt', 'running'),
    hookRun('prompt', 'end'),
    { type: 'assistantMessageAdded', messageId: 'live', createdAt: 0 },
  ];
  for (let index = 0; index < TOOLS; index++) {
    const id = `t${index}`;
    const parameters = JSON.stringify({ command: `make step-${index}`, description: 'Build' });
    const step = { type: 'toolBlockUpdated', messageId: 'live', id, name: 'Bash' } as const;
    events.push({ ...step, stage: 'start', parameters });
    events.push(hookRun(`pre${index}`, 'running', id), hookRun(`pre${index}`, 'end', id));
    events.push({ ...step, stage: 'running', parameters, compactParams: `make step-${index}` });
    if (index < TOOLS - 1)
      events.push({ ...step, stage: 'end', parameters, result: `built step ${index}\n` });
  }
  return events;
}

export async function benchUiBlocks(steps: number): Promise<BlockFrameFigures> {
  const ui = await mountUiForBenchmark({ messages: sampleConversation(10) });
  try {
    for (const event of setUp()) await ui.step(event);
    const times: number[] = [];
    let stepsShown = 0;
    for (let i = 0; i < steps; i++) {
      const hook = i % HOOK_EVERY === HOOK_EVERY - 1;
      // The running call's last hook run, started and ended in turn.
      const starts = i % (2 * HOOK_EVERY) === HOOK_EVERY - 1;
      const event: AgentEvent = hook
        ? hookRun(
            'post',
            starts ? 'running' : 'end',
            `t${TOOLS - 1}`,
            starts ? undefined : `pass ${i}`,
          )
        : {
            type: 'toolBlockUpdated',
            messageId: 'live',
            id: `t${TOOLS - 1}`,
            name: 'Bash',
            stage: 'running',
            resultChunk: `output line ${i}\n`,
            shortResult: `output line ${i}\n`,
          };
      const start = performance.now();
      await ui.step(event);
      times.push(performance.now() - start);
      const shown = !hook
        ? `output line ${i}`
        : starts
          ? 'check-post.sh --strict: running…'
          : `pass ${i}`;
      if (ui.lastFrame.includes(shown)) stepsShown += 1;
    }
    return { medianMs: median(times), stepsShown, steps };
  } finally {
    ui.unmount();
  }
}
