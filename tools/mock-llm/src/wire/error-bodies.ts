// Error bodies in each provider's own shape, so client SDKs build their usual typed errors.
import type { WireApi } from '../conversation/conversation-facts.js';

export interface WireError {
  status: number;
  /** Provider error type; defaults follow the status (e.g. 429 → rate_limit_error, 529 → overloaded_error). */
  type?: string;
  message?: string;
}

function anthropicErrorType(status: number): string {
  const byStatus: Record<number, string> = {
    400: 'invalid_request_error',
    401: 'authentication_error',
    403: 'permission_error',
    404: 'not_found_error',
    413: 'request_too_large',
    429: 'rate_limit_error',
    529: 'overloaded_error',
  };
  return byStatus[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

function openAiErrorType(status: number): { type: string; code: string | null } {
  if (status === 429) return { type: 'requests', code: 'rate_limit_exceeded' };
  if (status === 529) return { type: 'server_error', code: 'overloaded' };
  if (status >= 500) return { type: 'server_error', code: null };
  return { type: 'invalid_request_error', code: status === 404 ? 'unknown_url' : null };
}

function defaultMessage(status: number): string {
  if (status === 429) return 'Rate limit reached (scripted by mock-llm).';
  if (status === 529) return 'Overloaded (scripted by mock-llm).';
  if (status >= 500) return 'Internal server error (scripted by mock-llm).';
  return `Request failed with status ${status}.`;
}

/** The `error` object alone: Anthropic's in-stream `event: error` and HTTP bodies share it. */
export function anthropicErrorObject(error: WireError): { type: string; message: string } {
  return {
    type: error.type ?? anthropicErrorType(error.status),
    message: error.message ?? defaultMessage(error.status),
  };
}

export function openAiErrorObject(error: WireError): {
  message: string;
  type: string;
  param: null;
  code: string | null;
} {
  const defaults = openAiErrorType(error.status);
  return {
    message: error.message ?? defaultMessage(error.status),
    type: error.type ?? defaults.type,
    param: null,
    code: defaults.code,
  };
}

const GEMINI_STATUS: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
};

/** Google's error shape: `{error: {code, message, status}}`. */
export function geminiErrorObject(error: WireError): {
  code: number;
  message: string;
  status: string;
} {
  return {
    code: error.status,
    message: error.message ?? defaultMessage(error.status),
    status:
      error.type ??
      GEMINI_STATUS[error.status] ??
      (error.status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION'),
  };
}

export function errorBody(api: WireApi, error: WireError, requestId: string): string {
  if (api === 'gemini') return JSON.stringify({ error: geminiErrorObject(error) });
  if (api === 'anthropic') {
    return JSON.stringify({
      type: 'error',
      error: anthropicErrorObject(error),
      request_id: requestId,
    });
  }
  // The Responses API answers an HTTP error in the Chat Completions shape.
  return JSON.stringify({ error: openAiErrorObject(error) });
}
