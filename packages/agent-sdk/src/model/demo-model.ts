// The offline demo: a scripted model that needs no network or key. It thinks aloud, looks at the
// working directory with a real read-only tool (LS), answers from that tool's actual result, and
// says plainly that it is a demo and how to configure a real model. It is a real AI SDK model,
// so it runs through exactly the same loop as Anthropic or OpenAI.
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { emptyDirectory } from '../tools/ls.js';
import { resolveWaveHome } from '../session/session-paths.js';
import { userSettingsFile } from '../settings/settings-files.js';
import { demoConfigureHint } from './demo-configure-hint.js';

export interface DemoModelOptions {
  /** Pause between streamed words; a human reading pace by default. */
  readonly wordDelayMs?: number;
  /** How to configure a real model, in the host's terms (demo-configure-hint.ts). */
  readonly configureHint?: string;
}

const DEFAULT_WORD_DELAY_MS = 35;

function lastUserText(prompt: LanguageModelV3Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message?.role === 'user') {
      return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    }
  }
  return '';
}

/** The LS result of this turn, if the demo's tool call has been answered. */
function toolResultText(prompt: LanguageModelV3Prompt): string | undefined {
  const last = prompt[prompt.length - 1];
  if (last?.role !== 'tool') return undefined;
  for (const part of last.content) {
    if (part.type !== 'tool-result') continue;
    const output = part.output;
    if (output.type === 'text' || output.type === 'error-text') return output.value;
    return JSON.stringify(output);
  }
  return undefined;
}

function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function usage(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

function summarizeListing(listing: string): string {
  if (listing.trim() === emptyDirectory('.')) return 'Your working directory is empty.';
  const entries = listing
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('('));
  if (entries.length === 0) return 'Your working directory is empty.';
  const shown = entries
    .slice(0, 8)
    .map((entry) => `\`${entry}\``)
    .join(', ');
  const more = entries.length > 8 ? `, and ${entries.length - 8} more` : '';
  const count = entries.length === 1 ? '1 entry' : `${entries.length} entries`;
  return `Your working directory has ${count}: ${shown}${more}.`;
}

function firstTurn(prompt: LanguageModelV3Prompt): LanguageModelV3StreamPart[] {
  const asked = lastUserText(prompt).trim().slice(0, 80) || 'hello';
  const reasoning = `The user wrote "${asked}". I am the offline demo model, so I cannot really answer that, but I can show how Wave works: I will look at the working directory with the LS tool and describe what I find.`;
  const text =
    "I'm Wave's **offline demo model** — no real model is configured. Let me look at your working directory.\n";
  return [
    { type: 'reasoning-start', id: 'r1' },
    ...words(reasoning).map((delta): LanguageModelV3StreamPart => ({
      type: 'reasoning-delta',
      id: 'r1',
      delta,
    })),
    { type: 'reasoning-end', id: 'r1' },
    { type: 'text-start', id: 't1' },
    ...words(text).map((delta): LanguageModelV3StreamPart => ({
      type: 'text-delta',
      id: 't1',
      delta,
    })),
    { type: 'text-end', id: 't1' },
    { type: 'tool-input-start', id: 'demo-ls', toolName: 'LS' },
    { type: 'tool-input-delta', id: 'demo-ls', delta: '{"path":' },
    { type: 'tool-input-delta', id: 'demo-ls', delta: ' "."}' },
    { type: 'tool-input-end', id: 'demo-ls' },
    { type: 'tool-call', toolCallId: 'demo-ls', toolName: 'LS', input: '{"path": "."}' },
    {
      type: 'finish',
      finishReason: { unified: 'tool-calls', raw: 'tool_use' },
      usage: usage(asked.length, 60),
    },
  ];
}

function answerTurn(listing: string, hint: string): LanguageModelV3StreamPart[] {
  const text = `${summarizeListing(listing)}\n\nThat listing came from a real tool call, streamed through the same loop a real model uses. This was a demo. ${hint}\n`;
  return [
    { type: 'text-start', id: 't2' },
    ...words(text).map((delta): LanguageModelV3StreamPart => ({
      type: 'text-delta',
      id: 't2',
      delta,
    })),
    { type: 'text-end', id: 't2' },
    {
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'end_turn' },
      usage: usage(listing.length, text.length),
    },
  ];
}

function script(prompt: LanguageModelV3Prompt, hint: string): LanguageModelV3StreamPart[] {
  const listing = toolResultText(prompt);
  return listing === undefined ? firstTurn(prompt) : answerTurn(listing, hint);
}

function paced(
  parts: LanguageModelV3StreamPart[],
  delayMs: number,
  signal: AbortSignal | undefined,
) {
  let index = 0;
  let timer: NodeJS.Timeout | undefined;
  return new ReadableStream<LanguageModelV3StreamPart>({
    pull(controller) {
      return new Promise<void>((resolve) => {
        const next = () => {
          if (signal?.aborted) {
            controller.error(signal.reason);
          } else {
            const part = parts[index++];
            if (part) controller.enqueue(part);
            if (index >= parts.length) controller.close();
          }
          resolve();
        };
        const part = parts[index];
        const isWord = part?.type === 'text-delta' || part?.type === 'reasoning-delta';
        if (isWord && delayMs > 0) timer = setTimeout(next, delayMs);
        else next();
      });
    },
    cancel() {
      clearTimeout(timer);
    },
  });
}

export function createDemoModel(options: DemoModelOptions = {}): LanguageModelV3 {
  const delayMs = options.wordDelayMs ?? DEFAULT_WORD_DELAY_MS;
  const hint =
    options.configureHint ??
    demoConfigureHint(undefined, userSettingsFile(resolveWaveHome(process.env)));
  return {
    specificationVersion: 'v3',
    provider: 'demo',
    modelId: 'wave-demo',
    supportedUrls: {},
    doStream(callOptions: LanguageModelV3CallOptions) {
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        ...script(callOptions.prompt, hint),
      ];
      return Promise.resolve({ stream: paced(parts, delayMs, callOptions.abortSignal) });
    },
    doGenerate(callOptions: LanguageModelV3CallOptions) {
      const parts = script(callOptions.prompt, hint);
      const text = parts.flatMap((p) => (p.type === 'text-delta' ? [p.delta] : [])).join('');
      const reasoning = parts
        .flatMap((p) => (p.type === 'reasoning-delta' ? [p.delta] : []))
        .join('');
      const finish = parts.find((p) => p.type === 'finish');
      const calls = parts.filter((p) => p.type === 'tool-call');
      return Promise.resolve({
        content: [
          ...(reasoning ? [{ type: 'reasoning' as const, text: reasoning }] : []),
          ...(text ? [{ type: 'text' as const, text }] : []),
          ...calls,
        ],
        finishReason:
          finish?.type === 'finish' ? finish.finishReason : { unified: 'stop', raw: undefined },
        usage: finish?.type === 'finish' ? finish.usage : usage(0, 0),
        warnings: [],
      });
    },
  };
}
