// One request, start to finish: record it, route it, pick the scripted turn, and answer in the
// wire format of the endpoint it came to, with the turn's fault for this attempt if it has one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  readConversationFacts,
  type ConversationFacts,
  type GeminiTarget,
  type WireApi,
} from '../conversation/conversation-facts.js';
import type { Fault } from '../scenario/scenario-types.js';
import type { TurnPick, TurnScript } from '../scenario/turn-script.js';
import { anthropicMessageBody } from '../wire/anthropic-message-body.js';
import { anthropicStreamFrames } from '../wire/anthropic-stream-frames.js';
import { errorBody, type WireError } from '../wire/error-bodies.js';
import { faultFrames } from '../wire/fault-frames.js';
import { openAiCompletionBody } from '../wire/openai-completion-body.js';
import { openAiStreamFrames } from '../wire/openai-stream-frames.js';
import { planReply, type ReplyPlan } from '../wire/reply-plan.js';
import { responsesBody } from '../wire/responses-body.js';
import { responsesStreamFrames } from '../wire/responses-stream-frames.js';
import { geminiBody, geminiStreamFrames } from '../wire/gemini-frames.js';
import { BodyTooLargeError, readRequestBody } from './read-request-body.js';
import type { RecordedRequest } from './recorded-request.js';
import { pause } from './socket-waits.js';
import { writeJsonReply } from './write-json-reply.js';
import { writeSseStream } from './write-sse-stream.js';
import { readRecordedStream, writeRecordedStream } from './write-recorded-stream.js';

export interface RequestContext {
  script: () => TurnScript;
  requests: RecordedRequest[];
  nextResponseNumber: () => number;
  log: (line: string) => void;
  /** Resolves when the test releases the current scenario's holds. */
  waitForRelease: (signal: AbortSignal) => Promise<void>;
}

type Json = Record<string, unknown>;

const routes: Record<string, WireApi> = {
  'POST /v1/chat/completions': 'openai',
  'POST /v1/messages': 'anthropic',
  'POST /v1/responses': 'responses',
};

/** Gemini's path names the model and the method: `/v1beta/models/gemini-3-pro:streamGenerateContent`. */
const GEMINI_PATH = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

function geminiTarget(method: string, path: string): GeminiTarget | undefined {
  const match = method === 'POST' ? GEMINI_PATH.exec(path) : null;
  if (!match?.[1]) return undefined;
  return { model: decodeURIComponent(match[1]), stream: match[2] === 'streamGenerateContent' };
}

/** Claude on Vertex: Anthropic's wire, the model in the path (`…/publishers/anthropic/models/M:streamRawPredict`). */
const VERTEX_ANTHROPIC_PATH =
  /^\/v1\/projects\/[^/]+\/locations\/[^/]+\/publishers\/anthropic\/models\/([^/:]+):(rawPredict|streamRawPredict)$/;

function vertexModel(method: string, path: string): string | undefined {
  const match = method === 'POST' ? VERTEX_ANTHROPIC_PATH.exec(path) : null;
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

/** What Vertex refuses that Anthropic's own API takes: a model in the body, no `anthropic_version`. */
function vertexRefusal(body: Json): string | undefined {
  if ('model' in body)
    return 'mock-llm (Vertex): the model goes in the URL, not in the body ("model" is not allowed).';
  if (body['anthropic_version'] !== 'vertex-2023-10-16')
    return 'mock-llm (Vertex): anthropic_version must be "vertex-2023-10-16".';
  return undefined;
}

function replyBody(api: WireApi, plan: ReplyPlan): string {
  if (api === 'gemini') return geminiBody(plan);
  if (api === 'openai') return openAiCompletionBody(plan);
  return api === 'responses' ? responsesBody(plan) : anthropicMessageBody(plan);
}

function streamFrames(facts: ConversationFacts, plan: ReplyPlan): Iterable<string> {
  if (facts.api === 'gemini') return geminiStreamFrames(plan);
  if (facts.api === 'openai') return openAiStreamFrames(plan, facts.includeUsage);
  return facts.api === 'responses' ? responsesStreamFrames(plan) : anthropicStreamFrames(plan);
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function requestIdHeader(api: WireApi, responseNumber: number): Record<string, string> {
  return { [api === 'anthropic' ? 'request-id' : 'x-request-id']: `req_mock_${responseNumber}` };
}

function sendError(
  res: ServerResponse,
  api: WireApi,
  error: WireError,
  headers: Record<string, string> = {},
): void {
  const requestId = `req_mock_error_${Date.now()}`;
  res
    .writeHead(error.status, { ...headers, 'content-type': 'application/json' })
    .end(errorBody(api, error, requestId));
}

function httpFaultHeaders(fault: Extract<Fault, { kind: 'http' }>): Record<string, string> {
  return {
    ...(fault.retryAfterSeconds === undefined
      ? {}
      : { 'retry-after': String(fault.retryAfterSeconds) }),
    ...(fault.retryAfterMs === undefined ? {} : { 'retry-after-ms': String(fault.retryAfterMs) }),
  };
}

function describePick(pick: TurnPick): string {
  if (pick.kind === 'no-match') return '400 no scripted turn matched';
  const label = pick.turn.label === undefined ? '' : ` "${pick.turn.label}"`;
  const fault =
    pick.fault === undefined
      ? ''
      : `, fault ${pick.fault.kind}${pick.fault.kind === 'http' ? ` ${pick.fault.status}` : ''}`;
  return `turn ${pick.turnIndex}${label} (attempt ${pick.attempt + 1}${fault})`;
}

/** Faults that strike before any header is written: the client sees no response at all. */
async function strikeBeforeHeaders(
  res: ServerResponse,
  fault: Fault,
  signal: AbortSignal,
): Promise<boolean> {
  if (fault.kind === 'reset' && fault.afterChunks === undefined) {
    res.socket?.destroy();
    return true;
  }
  if (fault.kind === 'stall' && fault.afterChunks === undefined) {
    await pause(fault.stallMs, signal);
    if (fault.then === 'end') res.writeHead(200, { 'content-length': '0' }).end();
    else res.socket?.destroy();
    return true;
  }
  return false;
}

async function answer(
  res: ServerResponse,
  facts: ConversationFacts,
  pick: Extract<TurnPick, { kind: 'turn' }>,
  context: RequestContext,
  signal: AbortSignal,
): Promise<void> {
  const { fault } = pick;
  const { api } = facts;
  if (fault?.kind === 'http') {
    const error = {
      status: fault.status,
      ...(fault.errorType ? { type: fault.errorType } : {}),
      ...(fault.message ? { message: fault.message } : {}),
    };
    sendError(res, api, error, httpFaultHeaders(fault));
    return;
  }
  if (fault && (await strikeBeforeHeaders(res, fault, signal))) return;
  if (pick.turn.recorded) {
    await answerRecorded(res, facts, pick.turn.recorded, context, signal);
    return;
  }
  const responseNumber = context.nextResponseNumber();
  const plan = planReply({
    scenario: context.script().scenario,
    turn: pick.turn,
    turnIndex: pick.turnIndex,
    facts,
    responseNumber,
  });
  const headers = requestIdHeader(api, responseNumber);
  if (!facts.stream) {
    await writeJsonReply(res, replyBody(api, plan), {
      headers,
      fault,
      signal,
      waitForRelease: () => context.waitForRelease(signal),
      sendStreamErrorAsHttp: (streamFault) => {
        const type = streamFault.errorType ?? 'overloaded_error';
        sendError(res, api, {
          status: type === 'overloaded_error' ? 529 : 500,
          type,
          ...(streamFault.message ? { message: streamFault.message } : {}),
        });
      },
    });
    return;
  }
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  // Headers go out now, as a real server's do, so a client sees the response start before any event.
  res.flushHeaders();
  await writeSseStream(res, streamFrames(facts, plan), {
    delayMs: plan.delayMs,
    fault,
    faultFrames: faultFrames(api),
    signal,
    waitForRelease: () => context.waitForRelease(signal),
  });
}

async function answerRecorded(
  res: ServerResponse,
  facts: ConversationFacts,
  recorded: NonNullable<Extract<TurnPick, { kind: 'turn' }>['turn']['recorded']>,
  context: RequestContext,
  signal: AbortSignal,
): Promise<void> {
  if (!facts.stream) {
    sendError(res, facts.api, {
      status: 400,
      message: `mock-llm: the turn serves the recorded stream ${recorded.file}, which only a streaming request can get.`,
    });
    return;
  }
  let bytes: Buffer;
  try {
    bytes = await readRecordedStream(recorded, facts.api);
  } catch (error) {
    sendError(res, facts.api, {
      status: 500,
      message: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  res.writeHead(200, {
    ...requestIdHeader(facts.api, context.nextResponseNumber()),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  await writeRecordedStream(res, bytes, recorded, signal);
}

export async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  context: RequestContext,
  signal: AbortSignal,
): Promise<void> {
  const method = req.method ?? 'GET';
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  let text: string;
  try {
    text = await readRequestBody(req);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    sendError(
      res,
      geminiTarget(method, path) ? 'gemini' : (routes[`${method} ${path}`] ?? 'openai'),
      {
        status: 413,
        message: error.message,
      },
    );
    return;
  }
  const body = parseJson(text);
  const record: RecordedRequest = { method, path, headers: req.headers, body, time: Date.now() };
  context.requests.push(record);
  res.once('close', () => {
    if (!res.writableFinished) record.closedEarly = true;
  });
  const number = context.requests.length;
  const gemini = geminiTarget(method, path);
  const vertex = vertexModel(method, path);
  const api = gemini ? 'gemini' : vertex !== undefined ? 'anthropic' : routes[`${method} ${path}`];
  if (api === undefined) {
    context.log(`#${number} ${method} ${path} → 404`);
    const message = `mock-llm serves POST /v1/chat/completions (OpenAI, baseURL \${url}/v1), POST /v1/responses (OpenAI Responses, the same baseURL) , POST /v1/messages (Anthropic, baseURL \${url}) and POST /v1beta/models/{model}:streamGenerateContent (Gemini, baseURL \${url}/v1beta), and Anthropic's wire on Vertex's path (POST /v1/projects/P/locations/L/publishers/anthropic/models/M:streamRawPredict); got ${method} ${path}.`;
    sendError(res, 'openai', { status: 404, message });
    return;
  }
  if (!isRecord(body)) {
    context.log(`#${number} ${method} ${path} → 400 body is not a JSON object`);
    sendError(res, api, {
      status: 400,
      message: 'mock-llm: the request body must be a JSON object.',
    });
    return;
  }
  const refusal = vertex === undefined ? undefined : vertexRefusal(body);
  if (refusal !== undefined) {
    context.log(`#${number} ${method} ${path} → 400 ${refusal}`);
    sendError(res, api, { status: 400, message: refusal });
    return;
  }
  const facts = {
    ...readConversationFacts(api, body, gemini),
    ...(vertex === undefined ? {} : { model: vertex }),
  };
  const pick = context.script().pick(facts);
  context.log(
    `#${number} ${method} ${path}${facts.stream ? ' stream' : ''} model=${facts.model} → ${describePick(pick)}`,
  );
  if (pick.kind === 'no-match') {
    sendError(res, api, { status: 400, type: 'invalid_request_error', message: pick.message });
    return;
  }
  await answer(res, facts, pick, context, signal);
}
