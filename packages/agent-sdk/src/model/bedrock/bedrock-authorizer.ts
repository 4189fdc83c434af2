// How a request to Claude on Bedrock proves who sends it, as Claude Code does: a Bedrock API key
// (AWS_BEARER_TOKEN_BEDROCK) as a bearer token, else a SigV4 signature (@smithy/signature-v4, the
// AWS SDK's own signer) with credentials from the environment's keys or the AWS SDK's chain
// (@aws-sdk/credential-provider-node: the profile's files, SSO, a credential process, web
// identity, the container's or the instance's role). Each library is loaded at the model's first
// call, and only for Bedrock. Nothing of the credentials is written anywhere.
import { errorText } from '@wave-agent/shared-protocol';
import type { BedrockPlace } from '../provider-settings.js';

/** What a request to Bedrock is before it is authorized: header names in lower case. */
export interface BedrockRequest {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The request's headers with its authorization (and, signed, the headers the signature covers). */
export type BedrockAuthorizer = (request: BedrockRequest) => Promise<Record<string, string>>;

const WHERE_CREDENTIALS_COME_FROM =
  'Set AWS_BEARER_TOKEN_BEDROCK to a Bedrock API key, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE to a profile of ~/.aws/config (`aws configure`, or `aws sso login --profile NAME`).';

/** A reason as a sentence of its own: ended with a stop. */
function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

export function bearerAuthorizer(token: string): BedrockAuthorizer {
  return (request) => Promise.resolve({ ...request.headers, authorization: `Bearer ${token}` });
}

/** A SigV4 signer for `bedrock` in the place's region, its credentials read on first use. */
export async function sigV4Authorizer(place: BedrockPlace): Promise<BedrockAuthorizer> {
  const [{ SignatureV4 }, { Hash }] = await Promise.all([
    import('@smithy/signature-v4'),
    import('@smithy/core/serde'),
  ]);
  const { keys } = place;
  const credentials = keys
    ? () => Promise.resolve(keys)
    : (await import('@aws-sdk/credential-provider-node')).defaultProvider({
        ...(place.profile ? { profile: place.profile } : {}),
        ...(place.credentialsFile ? { filepath: place.credentialsFile } : {}),
        ...(place.configFile ? { configFilepath: place.configFile } : {}),
      });
  const signer = new SignatureV4({
    service: 'bedrock',
    region: place.region,
    credentials,
    sha256: class Sha256 extends Hash {
      constructor(secret?: ConstructorParameters<typeof Hash>[1]) {
        super('sha256', secret);
      }
    },
  });
  return async ({ url, headers, body }) => {
    try {
      const signed = await signer.sign({
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname,
        ...(url.port ? { port: Number(url.port) } : {}),
        path: url.pathname,
        query: {},
        headers: { ...headers, host: url.host },
        body,
      });
      return signed.headers;
    } catch (error) {
      throw new Error(
        `Claude on Bedrock needs AWS credentials, and none could be read${place.profile ? ` for the profile "${place.profile}"` : ''}: ${sentence(errorText(error))} ${WHERE_CREDENTIALS_COME_FROM}`,
        { cause: error },
      );
    }
  };
}
