// Generators of valid event streams for property tests: every message is added before its
// deltas, every tool call starts before it streams, and several messages interleave at random.

import fc from 'fast-check';
import type { AgentEvent } from '../events.js';
import type { Block, ProviderMetadata } from '../messages.js';
import { withoutUndefined } from '../reducer/copy-helpers.js';

/** Builds one part of a message's script once the message id and part index are known. */
type ScriptPart = (messageId: string, index: number) => AgentEvent[];

const chunk = fc.string({ maxLength: 6 });
const optional = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(arbitrary, { nil: undefined, freq: 2 });
const clock = fc.integer({ min: 0, max: 1_000_000 });
const metadata: fc.Arbitrary<ProviderMetadata> = fc.constantFrom(
  { anthropic: { signature: 'first' } },
  { anthropic: { signature: 'second' } },
);

/** Drops the keys whose value is undefined, as a sender would (JSON has no undefined). */
const defined = withoutUndefined;

const textRun: fc.Arbitrary<ScriptPart> = fc
  .tuple(fc.array(chunk, { maxLength: 6 }), optional(chunk))
  .map(([chunks, endChunk]) => (messageId) => [
    ...chunks.map((c): AgentEvent => ({
      type: 'assistantContentUpdated',
      messageId,
      chunk: c,
      stage: 'streaming',
    })),
    ...(endChunk === undefined
      ? []
      : [{ type: 'assistantContentUpdated', messageId, chunk: endChunk, stage: 'end' } as const]),
  ]);

const reasoningRun: fc.Arbitrary<ScriptPart> = fc
  .tuple(
    fc.array(fc.tuple(chunk, optional(clock), optional(metadata)), { maxLength: 6 }),
    optional(fc.tuple(chunk, optional(clock), optional(metadata))),
  )
  .map(([chunks, end]) => (messageId) => [
    ...chunks.map(([c, startedAt, providerMetadata]): AgentEvent =>
      defined({
        type: 'assistantReasoningUpdated',
        messageId,
        chunk: c,
        stage: 'streaming',
        startedAt,
        providerMetadata,
      }),
    ),
    ...(end === undefined
      ? []
      : [
          defined<AgentEvent>({
            type: 'assistantReasoningUpdated',
            messageId,
            chunk: end[0],
            stage: 'end',
            endedAt: end[1],
            providerMetadata: end[2],
          }),
        ]),
  ]);

/** Thinking and saying in alternation, with no end in between (the reopen case, ARCHITECTURE §2.7). */
const mixedRun: fc.Arbitrary<ScriptPart> = fc
  .array(fc.tuple(fc.boolean(), chunk), { minLength: 2, maxLength: 8 })
  .map(
    (chunks) => (messageId) =>
      chunks.map(([isText, c]): AgentEvent =>
        isText
          ? { type: 'assistantContentUpdated', messageId, chunk: c, stage: 'streaming' }
          : { type: 'assistantReasoningUpdated', messageId, chunk: c, stage: 'streaming' },
      ),
  );

const toolCall: fc.Arbitrary<ScriptPart> = fc
  .record({
    name: fc.constantFrom('read', 'bash', 'edit'),
    streaming: fc.array(fc.tuple(optional(chunk), optional(chunk)), { maxLength: 5 }),
    running: fc.array(
      fc.tuple(optional(chunk), optional(chunk), optional(chunk), optional(chunk)),
      { maxLength: 5 },
    ),
    end: optional(fc.tuple(optional(chunk), optional(chunk), optional(chunk), optional(chunk))),
  })
  .map(({ name, streaming, running, end }) => (messageId, index) => {
    const id = `tool-${index}`;
    const base = { type: 'toolBlockUpdated', messageId, id, name } as const;
    return [
      { ...base, stage: 'start' },
      ...streaming.map(([parametersChunk, compactParams]): AgentEvent =>
        defined({ ...base, stage: 'streaming', parametersChunk, compactParams }),
      ),
      ...running.map(([parameters, compactParams, resultChunk, shortResult]): AgentEvent =>
        defined({ ...base, stage: 'running', parameters, compactParams, resultChunk, shortResult }),
      ),
      ...(end === undefined
        ? []
        : [
            defined<AgentEvent>({
              ...base,
              stage: 'end',
              parameters: end[0],
              result: end[1],
              shortResult: end[2],
              error: end[3],
            }),
          ]),
    ];
  });

const errorBlock: fc.Arbitrary<ScriptPart> = chunk.map((error) => (messageId) => [
  { type: 'errorBlockAdded', messageId, error },
]);

const assistantMessage: fc.Arbitrary<(messageId: string) => AgentEvent[]> = fc
  .record({
    createdAt: clock,
    parts: fc.array(fc.oneof(textRun, reasoningRun, mixedRun, toolCall, errorBlock), {
      maxLength: 6,
    }),
    ending: fc.constantFrom('finished', 'finishedWithUsage', 'discarded', 'open'),
  })
  .map(({ createdAt, parts, ending }) => (messageId) => [
    { type: 'assistantMessageAdded', messageId, createdAt },
    ...parts.flatMap((part, index) => part(messageId, index)),
    ...(ending === 'finished'
      ? [{ type: 'assistantMessageFinished', messageId, finishReason: 'stop' } as const]
      : ending === 'finishedWithUsage'
        ? [
            {
              type: 'assistantMessageFinished',
              messageId,
              finishReason: 'tool-calls',
              usage: { inputTokens: 3, outputTokens: 5 },
            } as const,
          ]
        : ending === 'discarded'
          ? [{ type: 'assistantMessageDiscarded', messageId } as const]
          : []),
  ]);

/** A `!command`: the user message, then the command's output, maybe its end. */
const bangMessage: fc.Arbitrary<(messageId: string) => AgentEvent[]> = fc
  .record({
    carriesBlock: fc.boolean(),
    output: fc.array(optional(chunk), { maxLength: 6 }),
    end: optional(fc.tuple(optional(chunk), optional(fc.option(fc.integer({ min: 0, max: 255 }))))),
  })
  .map(({ carriesBlock, output, end }) => (messageId) => {
    const command = 'ls';
    const blocks: Block[] = carriesBlock
      ? [{ type: 'bang', command, output: '', stage: 'running' }]
      : [];
    return [
      { type: 'userMessageAdded', message: { id: messageId, role: 'user', blocks, createdAt: 1 } },
      { type: 'bangBlockUpdated', messageId, stage: 'running', command },
      ...output.map((outputChunk): AgentEvent =>
        defined({ type: 'bangBlockUpdated', messageId, stage: 'running', outputChunk }),
      ),
      ...(end === undefined
        ? []
        : [
            defined<AgentEvent>({
              type: 'bangBlockUpdated',
              messageId,
              stage: 'end',
              outputChunk: end[0],
              exitCode: end[1],
            }),
          ]),
    ];
  });

const userMessage: fc.Arbitrary<(messageId: string) => AgentEvent[]> = chunk.map(
  (text) => (messageId) => [
    {
      type: 'userMessageAdded',
      message: {
        id: messageId,
        role: 'user',
        blocks: [{ type: 'text', content: text, stage: 'end' }],
        createdAt: 1,
      },
    },
  ],
);

const notice: fc.Arbitrary<(messageId: string) => AgentEvent[]> = chunk.map(
  (message) => (messageId) => [
    { type: 'noticeAdded', messageId, createdAt: 2, message, level: 'info' },
  ],
);

/** Merges scripts into one stream, keeping each script's own order; `picks` choose who goes next. */
export function interleaved(
  scripts: readonly AgentEvent[][],
  picks: readonly number[],
): AgentEvent[] {
  const cursors = scripts.map(() => 0);
  const stream: AgentEvent[] = [];
  const live = () =>
    scripts.flatMap((script, index) => ((cursors[index] ?? 0) < script.length ? [index] : []));
  for (const pick of picks) {
    const choices = live();
    if (choices.length === 0) break;
    const index = choices[pick % choices.length]!;
    stream.push(scripts[index]![cursors[index]!]!);
    cursors[index]! += 1;
  }
  for (const [index, script] of scripts.entries()) stream.push(...script.slice(cursors[index]));
  return stream;
}

/** A valid stream of several interleaved messages of every kind. */
export function eventStream(options: { maxMessages?: number } = {}): fc.Arbitrary<AgentEvent[]> {
  const message = fc.oneof(
    { weight: 4, arbitrary: assistantMessage },
    { weight: 1, arbitrary: bangMessage },
    { weight: 1, arbitrary: userMessage },
    { weight: 1, arbitrary: notice },
  );
  return fc
    .tuple(
      fc.array(message, { minLength: 1, maxLength: options.maxMessages ?? 4 }),
      fc.array(fc.nat(), { maxLength: 200, size: 'medium' }),
    )
    .map(([builders, picks]) =>
      interleaved(
        builders.map((build, index) => build(`m${index}`)),
        picks,
      ),
    );
}

/** A valid stream of messages one after another, as one agent emits them. */
export function sequentialEventStream(
  options: { maxMessages?: number } = {},
): fc.Arbitrary<AgentEvent[]> {
  return fc
    .array(fc.oneof(assistantMessage, bangMessage, userMessage, notice), {
      minLength: 1,
      maxLength: options.maxMessages ?? 4,
    })
    .map((builders) => builders.flatMap((build, index) => build(`m${index}`)));
}
