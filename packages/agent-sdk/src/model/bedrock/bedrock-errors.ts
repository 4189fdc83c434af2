// Bedrock's errors in Anthropic's shape, so the Anthropic provider reads them as it reads the
// Messages API's and Wave says them and retries them as it does Anthropic's (model-errors.ts): a
// refused request (`{"message": …}` with its type in `x-amzn-errortype`) becomes Anthropic's
// error body with the same status, an exception frame mid-stream Anthropic's `error` event. The
// type decides the retry: throttling, an unavailable or failing service and a broken model
// stream are tried again; refused credentials, a model without access and a bad request are not.
// The message keeps AWS's words and its exception's name, and adds what to do.
import { isRecord } from '@wave-agent/shared-protocol';

/** AWS's exception name (either case of its first letter) → Anthropic's error type. */
const ANTHROPIC_TYPE: Readonly<Record<string, string>> = {
  throttlingexception: 'rate_limit_error',
  servicequotaexceededexception: 'rate_limit_error',
  serviceunavailableexception: 'overloaded_error',
  internalserverexception: 'api_error',
  modelstreamerrorexception: 'api_error',
  modeltimeoutexception: 'timeout_error',
  modelnotreadyexception: 'overloaded_error',
  validationexception: 'invalid_request_error',
  accessdeniedexception: 'permission_error',
  unrecognizedclientexception: 'authentication_error',
  expiredtokenexception: 'authentication_error',
  invalidsignatureexception: 'authentication_error',
  resourcenotfoundexception: 'not_found_error',
};

const CREDENTIALS_HINT =
  'Check the credentials Wave uses for Bedrock (AWS_BEARER_TOKEN_BEDROCK, else AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, else the profile AWS_PROFILE names): they may be wrong or expired (`aws sso login` renews SSO), or lack permission to call bedrock:InvokeModelWithResponseStream.';

/** The exception's name as AWS writes it: `ThrottlingException`. */
function exceptionName(name: string): string {
  const bare = name.split(':')[0]?.trim() ?? name;
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

function anthropicType(name: string, status?: number): string {
  const type = ANTHROPIC_TYPE[exceptionName(name).toLowerCase()];
  if (type !== undefined) return type;
  if (status === 429) return 'rate_limit_error';
  if (status === 403) return 'permission_error';
  if (status !== undefined && status < 500) return 'invalid_request_error';
  return 'api_error';
}

/** What to do about it, when there is something to do. */
function hint(name: string, message: string, region: string | undefined): string {
  const type = anthropicType(name);
  const inRegion = region ? ` in ${region}` : '';
  if (type === 'permission_error' && /model/i.test(message))
    return `Ask for access to this model in the Amazon Bedrock console (Model access)${inRegion}, or choose a model your account has.`;
  if (type === 'permission_error' || type === 'authentication_error') return CREDENTIALS_HINT;
  if (type === 'not_found_error' || (type === 'invalid_request_error' && /model/i.test(message)))
    return `Check the model id: Bedrock names a model with its inference profile and version, like us.anthropic.claude-sonnet-4-5-20250929-v1:0, and it must be offered${inRegion}.`;
  if (type === 'rate_limit_error')
    return 'Wave tries again after a pause; if it goes on, ask for a higher quota in the Service Quotas console.';
  return '';
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function describe(name: string, message: string, region: string | undefined): string {
  const said = `Bedrock: ${sentence(message || 'no message')} (${exceptionName(name)})`;
  const todo = hint(name, message, region);
  return todo ? `${said} ${todo}` : said;
}

/** Anthropic's in-stream `error` event for an exception frame. */
export function bedrockErrorEvent(
  name: string,
  message: string,
  region?: string,
): { type: 'error'; error: { type: string; message: string } } {
  return {
    type: 'error',
    error: { type: anthropicType(name), message: describe(name, message, region) },
  };
}

/**
 * Anthropic's error body for a refused request: `errorType` is `x-amzn-errortype` (or the body's
 * `__type`), `text` the body as it came (`{"message": …}`, or anything a proxy sends).
 */
export function bedrockErrorBody(
  status: number,
  errorType: string | undefined,
  text: string,
  region: string | undefined,
): string {
  let message = text.trim();
  let name = errorType;
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value)) {
      const fields = value;
      const said = fields['message'] ?? fields['Message'];
      if (typeof said === 'string') message = said;
      if (name === undefined && typeof fields['__type'] === 'string')
        name = fields['__type'].split('#').at(-1);
    }
  } catch {
    // Not JSON (a proxy's page): its text is the message.
  }
  const exception = name ?? `HTTP ${status}`;
  return JSON.stringify({
    type: 'error',
    error: {
      type: anthropicType(exception, status),
      message: describe(exception, message, region),
    },
  });
}
