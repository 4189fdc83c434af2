// Claude on Amazon Bedrock over real HTTP: `POST /model/{model id}/invoke-with-response-stream`
// (or `/invoke`), Anthropic's Messages body without `model` and `stream` and with Bedrock's
// `anthropic_version`, authorized by a Bedrock API key (`Authorization: Bearer …`) or a SigV4
// signature (its header's shape is checked here; a test checks the signature itself). The
// scripted or recorded Anthropic turn goes out as AWS event-stream frames (wire/bedrock-frames.ts),
// written in pieces of an odd number of bytes so the client reads frames cut anywhere. Faults:
// `http` (Bedrock's error reply), `stream-error` (an exception frame, `errorType` its
// `:exception-type`) and `reset` at their event count; the others are refused as unsupported.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { ConversationFacts } from '../conversation/conversation-facts.js';
import type { Fault, RecordedStream, Scenario, Turn } from '../scenario/scenario-types.js';
import { anthropicMessageBody } from '../wire/anthropic-message-body.js';
import { anthropicStreamFrames } from '../wire/anthropic-stream-frames.js';
import {
  bedrockChunkFrame,
  bedrockErrorReply,
  bedrockExceptionFrame,
} from '../wire/bedrock-frames.js';
import type { WireError } from '../wire/error-bodies.js';
import { planReply } from '../wire/reply-plan.js';
import { recordedFrames } from '../wire/recorded-frames.js';
import { pause, writeAndFlush } from './socket-waits.js';

type Json = Record<string, unknown>;

export interface BedrockTarget {
  readonly model: string;
  readonly stream: boolean;
}

const BEDROCK_PATH = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;

export function bedrockTarget(method: string, path: string): BedrockTarget | undefined {
  const match = method === 'POST' ? BEDROCK_PATH.exec(path) : null;
  if (!match?.[1]) return undefined;
  return {
    model: decodeURIComponent(match[1]),
    stream: match[2] === 'invoke-with-response-stream',
  };
}

/** `AWS4-HMAC-SHA256 Credential=AKID/20261206/us-east-1/bedrock/aws4_request, SignedHeaders=…, Signature=…`. */
const SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=[A-Z0-9]+\/(\d{8})\/[a-z0-9-]+\/bedrock\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/;

/** Why Bedrock would refuse the request's authorization, or undefined when its shape is right. */
export function bedrockAuthProblem(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization ?? '';
  if (/^Bearer \S+$/.test(authorization)) return undefined;
  const sigv4 = SIGV4.exec(authorization);
  if (sigv4 === null)
    return 'Missing Authentication Token (mock-llm: expected a Bedrock API key as a bearer token, or a SigV4 signature for the bedrock service).';
  const signed = (sigv4[2] ?? '').split(';');
  const date = headers['x-amz-date'];
  if (typeof date !== 'string' || !/^\d{8}T\d{6}Z$/.test(date) || !date.startsWith(sigv4[1]!))
    return "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header (mock-llm: x-amz-date must be the credential's day).";
  if (!signed.includes('host') || !signed.includes('x-amz-date'))
    return 'The request signature we calculated does not match the signature you provided (mock-llm: host and x-amz-date must be signed).';
  return undefined;
}

/** What Bedrock refuses that Anthropic's own API takes. */
export function bedrockRefusal(body: Json): string | undefined {
  if ('model' in body) return 'Malformed input request: extraneous key [model] is not permitted.';
  if ('stream' in body) return 'Malformed input request: extraneous key [stream] is not permitted.';
  if (body['anthropic_version'] !== 'bedrock-2023-05-31')
    return 'Malformed input request: anthropic_version must be "bedrock-2023-05-31".';
  const betas = body['anthropic_beta'];
  if (betas !== undefined && !(Array.isArray(betas) && betas.every((b) => typeof b === 'string')))
    return 'Malformed input request: anthropic_beta must be an array of strings.';
  return undefined;
}

export function sendBedrockError(res: ServerResponse, error: WireError): void {
  const reply = bedrockErrorReply(error);
  res
    .writeHead(error.status, {
      'content-type': 'application/json',
      'x-amzn-errortype': reply.errorType,
      'x-amzn-requestid': `mock-${Date.now()}`,
    })
    .end(reply.body);
}

export interface BedrockAnswer {
  readonly scenario: Scenario;
  readonly turn: Turn;
  readonly turnIndex: number;
  readonly fault: Fault | undefined;
  readonly facts: ConversationFacts;
  readonly responseNumber: number;
  readonly signal: AbortSignal;
  readonly waitForRelease: () => Promise<void>;
}

/** Pieces of this many bytes: odd, so frames are cut inside their prelude, headers and payload. */
const DEFAULT_WRITE_BYTES = 29;

async function sseEvents(
  answer: BedrockAnswer,
): Promise<{ events: string[]; recorded?: RecordedStream }> {
  const { recorded } = answer.turn;
  if (recorded) {
    const file = resolve(recorded.file);
    return { events: recordedFrames('anthropic', await readFile(file, 'utf8'), file), recorded };
  }
  const plan = planReply(answer);
  return { events: [...anthropicStreamFrames(plan)] };
}

/** Answers a Bedrock request whose authorization and body were accepted. */
export async function answerBedrock(res: ServerResponse, answer: BedrockAnswer): Promise<void> {
  const { fault, signal } = answer;
  if (fault?.kind === 'http') {
    sendBedrockError(res, {
      status: fault.status,
      ...(fault.errorType ? { type: fault.errorType } : {}),
      ...(fault.message ? { message: fault.message } : {}),
    });
    return;
  }
  if (fault !== undefined && fault.kind !== 'stream-error' && fault.kind !== 'reset') {
    sendBedrockError(res, {
      status: 500,
      message: `mock-llm: the Bedrock route has no ${fault.kind} fault (it has http, stream-error and reset).`,
    });
    return;
  }
  if (!answer.facts.stream) {
    if (answer.turn.recorded) {
      sendBedrockError(res, { status: 400, message: 'mock-llm: a recorded turn streams only.' });
      return;
    }
    const plan = planReply(answer);
    res.writeHead(200, { 'content-type': 'application/json' }).end(anthropicMessageBody(plan));
    return;
  }
  const { events, recorded } = await sseEvents(answer);
  const faultAt = fault && 'afterChunks' in fault ? (fault.afterChunks ?? 0) : -1;
  const frames: Buffer[] = [];
  for (const [index, event] of events.entries()) {
    if (index === faultAt && fault?.kind === 'stream-error') {
      frames.push(
        bedrockExceptionFrame(
          fault.errorType ?? 'internalServerException',
          fault.message ?? 'The model stream failed (scripted by mock-llm).',
        ),
      );
      break;
    }
    frames.push(bedrockChunkFrame(event, index));
  }
  res.writeHead(200, {
    'content-type': 'application/vnd.amazon.eventstream',
    'x-amzn-requestid': `mock-bedrock-${answer.responseNumber}`,
    'x-amzn-bedrock-content-type': 'application/json',
  });
  res.flushHeaders();
  const bytes = Buffer.concat(frames);
  const size = recorded?.writeBytes ?? DEFAULT_WRITE_BYTES;
  const resetAt =
    fault?.kind === 'reset' && faultAt >= 0
      ? Buffer.concat(frames.slice(0, faultAt)).byteLength
      : -1;
  for (let offset = 0; offset < bytes.length; offset += size) {
    if (offset > 0 && recorded?.pauseMs !== undefined) await pause(recorded.pauseMs, signal);
    const end = resetAt >= offset && resetAt < offset + size ? resetAt : offset + size;
    await writeAndFlush(res, bytes.subarray(offset, end), signal);
    if (end === resetAt) {
      res.socket?.destroy();
      return;
    }
  }
  res.end();
}
