// Generators of session event streams for property tests: the conversation events of
// `eventStream`, interleaved with every kind of session event (turns, permission questions,
// /btw answers, background tasks, MCP servers, queue, mode, model, usage, title, task list), each
// kind in the order an agent emits it.

import fc from 'fast-check';
import type { AgentEvent } from '../events.js';
import { PERMISSION_MODES } from '../rpc/permission-mode.js';
import { eventStream, interleaved } from './event-streams.js';

type Script = (index: number) => AgentEvent[];

const word = fc.string({ maxLength: 6 });
// Plain objects, as JSON.parse makes them (records have no prototype by default).
const plain = { noNullPrototype: true } as const;
const usage = fc.record(
  { inputTokens: fc.nat({ max: 1000 }), outputTokens: fc.nat({ max: 1000 }) },
  plain,
);

const turn: fc.Arbitrary<Script> = fc
  .record({
    activity: fc.constantFrom('reply', 'command', 'compaction'),
    stopReason: fc.constantFrom('end_turn', 'max_turns', 'aborted', 'error'),
    ends: fc.boolean(),
    usage,
  })
  .map(({ activity, stopReason, ends, usage: spent }) => (index) => [
    { type: 'turnStarted', turnId: `t${index}`, startedAt: index, activity },
    ...(ends
      ? [
          {
            type: 'turnEnded',
            turnId: `t${index}`,
            stopReason,
            usage: spent,
            durationMs: 5,
          } as const,
        ]
      : []),
  ]);

const permission: fc.Arbitrary<Script> = fc
  .record({
    answered: fc.boolean(),
    decision: fc.constantFrom('allow', 'allowSession', 'allowAlways', 'deny'),
  })
  .map(({ answered, decision }) => (index) => [
    {
      type: 'permissionRequested',
      requestId: `p${index}`,
      toolName: 'Bash',
      toolCallId: `tool-${index}`,
      input: '{"command":"ls"}',
      reason: 'Bash runs commands on your machine',
      requestedAt: index,
    },
    ...(answered
      ? [{ type: 'permissionResolved', requestId: `p${index}`, decision } as const]
      : []),
  ]);

const sideQuestion: fc.Arbitrary<Script> = fc
  .record({
    chunks: fc.array(word, { maxLength: 5 }),
    end: fc.constantFrom('answered', 'failed', 'open'),
    closed: fc.boolean(),
  })
  .map(({ chunks, end, closed }) => (index) => {
    const btwId = `b${index}`;
    return [
      { type: 'btwStarted', btwId, question: 'why?', startedAt: index },
      ...chunks.map((chunk): AgentEvent => ({ type: 'btwUpdated', btwId, chunk })),
      ...(end === 'answered' ? [{ type: 'btwEnded', btwId } as const] : []),
      ...(end === 'failed' ? [{ type: 'btwEnded', btwId, error: 'It failed.' } as const] : []),
      ...(closed ? [{ type: 'btwClosed', btwId } as const] : []),
    ];
  });

const backgroundTask: fc.Arbitrary<Script> = fc
  .record({
    chunks: fc.array(word, { maxLength: 4 }),
    end: fc.constantFrom('completed', 'failed', 'killed', 'open'),
  })
  .map(({ chunks, end }) => (index) => {
    const taskId = `bash_${index}`;
    const size = chunks.join('').length;
    return [
      {
        type: 'backgroundTaskStarted',
        taskId,
        command: 'npm run dev',
        outputPath: `/home/.wave/tasks/${taskId}.log`,
        startedAt: index,
      },
      ...chunks.map((chunk): AgentEvent => ({ type: 'backgroundTaskOutput', taskId, chunk })),
      ...(end === 'open'
        ? []
        : [
            {
              type: 'backgroundTaskEnded',
              taskId,
              status: end,
              exitCode: end === 'killed' ? null : end === 'failed' ? 1 : 0,
              outputSize: size,
              endedAt: index + 1,
            } as const,
          ]),
    ];
  });

const mcpServer: fc.Arbitrary<Script> = fc
  .record({
    tools: fc.array(word, { maxLength: 3 }),
    end: fc.constantFrom('connected', 'failed', 'connected-then-closed', 'connected-then-failed'),
  })
  .map(({ tools, end }) => (index) => {
    const server = `server_${index}`;
    const connecting: AgentEvent = {
      type: 'mcpServerConnecting',
      server,
      transport: 'stdio',
      target: 'node server.js',
      at: index,
    };
    const connected: AgentEvent = {
      type: 'mcpServerConnected',
      server,
      tools: tools.map((tool) => `mcp__${server}__${tool}`),
      at: index + 1,
    };
    const failed: AgentEvent = {
      type: 'mcpServerFailed',
      server,
      reason: 'It exited.',
      at: index + 2,
    };
    const closed: AgentEvent = { type: 'mcpServerClosed', server, at: index + 2 };
    if (end === 'failed') return [connecting, failed];
    if (end === 'connected') return [connecting, connected];
    return [connecting, connected, end === 'connected-then-closed' ? closed : failed];
  });

const todo = fc.record(
  {
    content: word,
    status: fc.constantFrom('pending', 'in_progress', 'completed'),
    activeForm: word,
  },
  plain,
);

const single: fc.Arbitrary<Script> = fc
  .oneof(
    fc
      .array(fc.record({ id: word, text: word }, plain), { maxLength: 3 })
      .map((queued): AgentEvent => ({ type: 'queuedMessagesChanged', queued })),
    fc
      .constantFrom(...PERMISSION_MODES)
      .map((mode): AgentEvent => ({ type: 'permissionModeChanged', mode })),
    word.map((model): AgentEvent => ({ type: 'modelChanged', provider: 'openai', model })),
    word.map((name): AgentEvent => ({
      type: 'modelChanged',
      provider: 'openai',
      model: 'm',
      name,
    })),
    usage.map((spent): AgentEvent => ({ type: 'usageUpdated', usage: spent })),
    word.map((title): AgentEvent => ({ type: 'sessionTitleChanged', title })),
    fc.array(todo, { maxLength: 4 }).map((todos): AgentEvent => ({ type: 'todosChanged', todos })),
  )
  .map((event) => () => [event]);

/** A valid stream of conversation and session events, as one agent emits them over time. */
export function sessionEventStream(): fc.Arbitrary<AgentEvent[]> {
  return fc
    .tuple(
      eventStream({ maxMessages: 3 }),
      fc.array(fc.oneof(turn, permission, sideQuestion, backgroundTask, mcpServer, single), {
        maxLength: 6,
      }),
      fc.array(fc.nat(), { maxLength: 120 }),
    )
    .map(([conversation, scripts, picks]) =>
      interleaved([conversation, ...scripts.map((script, index) => script(index))], picks),
    );
}
