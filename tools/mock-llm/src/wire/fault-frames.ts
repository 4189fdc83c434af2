// The odd SSE events faults write: a line no JSON parser accepts, and each API's in-stream error.
import type { WireApi } from '../conversation/conversation-facts.js';
import type { Fault } from '../scenario/scenario-types.js';
import { sseEvent } from './anthropic-stream-frames.js';
import { anthropicErrorObject, geminiErrorObject, openAiErrorObject } from './error-bodies.js';

export interface SseFaultFrames {
  /** Written for `malformed` unless the fault gives its own line. */
  malformed: string;
  /** Written for `stream-error`, built from the fault's type and message (or its recorded `line`). */
  streamError: (fault: Extract<Fault, { kind: 'stream-error' }>) => string;
}

/** A recorded event, ended as an SSE event must be. */
function recorded(line: string): string {
  return line.endsWith('\n\n') ? line : `${line.replace(/\n?$/, '')}\n\n`;
}

export function faultFrames(api: WireApi): SseFaultFrames {
  if (api === 'anthropic') {
    return {
      malformed:
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_de\n\n',
      streamError: (fault) =>
        fault.line !== undefined
          ? recorded(fault.line)
          : sseEvent('error', {
              type: 'error',
              error: anthropicErrorObject({
                status: 529,
                type: fault.errorType ?? 'overloaded_error',
                ...(fault.message ? { message: fault.message } : {}),
              }),
            }),
    };
  }
  if (api === 'gemini') {
    return {
      malformed: 'data: {"candidates":[{"content":{"parts":[{"text":"trunc\r\n\r\n',
      // Gemini fails mid-stream with an error object in place of a response.
      streamError: (fault) =>
        fault.line !== undefined
          ? recorded(fault.line)
          : `data: ${JSON.stringify({
              error: geminiErrorObject({
                status: 503,
                ...(fault.errorType ? { type: fault.errorType } : {}),
                ...(fault.message ? { message: fault.message } : {}),
              }),
            })}\r\n\r\n`,
    };
  }
  if (api === 'responses') {
    return {
      malformed:
        'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"trunc\n\n',
      // The real API's in-stream failure: `response.failed`, its response carrying the error.
      streamError: (fault) => {
        if (fault.line !== undefined) return recorded(fault.line);
        const error = openAiErrorObject({
          status: 500,
          ...(fault.errorType ? { type: fault.errorType } : {}),
          ...(fault.message ? { message: fault.message } : {}),
        });
        const response = {
          id: 'resp_mock_failed',
          object: 'response',
          status: 'failed',
          error: { code: error.type, message: error.message },
          output: [],
        };
        return `event: response.failed\ndata: ${JSON.stringify({ type: 'response.failed', response })}\n\n`;
      },
    };
  }
  return {
    malformed:
      'data: {"id":"chatcmpl-mock-malformed","object":"chat.completion.chunk","choices":[{"delta":{"content":"trunc\n\n',
    streamError: (fault) =>
      fault.line !== undefined
        ? recorded(fault.line)
        : `data: ${JSON.stringify({
            error: openAiErrorObject({
              status: 500,
              ...(fault.errorType ? { type: fault.errorType } : {}),
              ...(fault.message ? { message: fault.message } : {}),
            }),
          })}\n\n`,
  };
}
