// Claude on Google Vertex AI: Anthropic's Messages wire at a Vertex URL
// (`…/v1/projects/P/locations/L/publishers/anthropic/models/MODEL:streamRawPredict`), the model
// in the URL instead of the body, `anthropic_version: "vertex-2023-10-16"` in the body, and a
// Google Cloud access token instead of an API key. The request is made by the same (patched)
// Anthropic provider as `anthropic`'s, so its stream takes the same one-stage parse and fast
// chunk parse; only this fetch differs. It is what `@ai-sdk/google-vertex`'s anthropic provider
// does, which Wave does not use: it pins an older `@ai-sdk/anthropic` without Wave's patches.
// The token comes from google-auth-library's Application Default Credentials: the key file
// GOOGLE_APPLICATION_CREDENTIALS names, `gcloud auth application-default login`, or the
// metadata server on Google Cloud; nothing of it is written into settings.
import { errorText } from '@wave-agent/shared-protocol';
import { headerRecord, httpFetch } from './http-fetch.js';

const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

export interface VertexTarget {
  readonly project: string;
  readonly location: string;
  /** Replaces `https://{location}-aiplatform.googleapis.com` (a proxy, a test's server). */
  readonly baseURL?: string;
  /** GOOGLE_APPLICATION_CREDENTIALS as Wave's environment has it. */
  readonly credentialsFile?: string;
}

/** Vertex's host for a location: `global`, a multi-region (`us`, `eu`) or a region. */
function vertexHost(location: string): string {
  if (location === 'global') return 'https://aiplatform.googleapis.com';
  if (location === 'us' || location === 'eu')
    return `https://aiplatform.${location}.rep.googleapis.com`;
  return `https://${location}-aiplatform.googleapis.com`;
}

export function vertexModelsURL(target: VertexTarget): string {
  const host = (target.baseURL ?? vertexHost(target.location)).replace(/\/+$/, '');
  return `${host}/v1/projects/${encodeURIComponent(target.project)}/locations/${encodeURIComponent(target.location)}/publishers/anthropic/models`;
}

/** A function that returns a fresh access token (google-auth-library caches and refreshes it). */
export async function googleAccessToken(
  credentialsFile: string | undefined,
): Promise<() => Promise<string>> {
  const { GoogleAuth } = await import('google-auth-library');
  const auth = new GoogleAuth({
    scopes: [CLOUD_PLATFORM_SCOPE],
    ...(credentialsFile ? { keyFilename: credentialsFile } : {}),
  });
  return async () => {
    let token: string | null | undefined;
    try {
      token = (await (await auth.getClient()).getAccessToken()).token;
    } catch (error) {
      const why = errorText(error);
      throw new Error(
        `Vertex AI needs Google Cloud credentials, and getting an access token failed: ${why} Run \`gcloud auth application-default login\`, or set GOOGLE_APPLICATION_CREDENTIALS to a credentials file.`,
        { cause: error },
      );
    }
    if (!token) {
      throw new Error(
        'Vertex AI needs Google Cloud credentials, and they gave no access token. Run `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a credentials file.',
      );
    }
    return token;
  };
}

type Fetch = typeof httpFetch;

/**
 * The Anthropic provider's `POST {base}/messages`, sent to Vertex: the model moves from the body
 * to the URL, the body gets Vertex's `anthropic_version`, the key header gives way to the token.
 */
export function vertexFetch(modelsURL: string, token: () => Promise<string>): Fetch {
  return async (input, init) => {
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (typeof body !== 'object' || body === null || !('model' in body)) {
      throw new Error(
        `Wave's Vertex fetch got a request without a JSON body naming the model (${typeof input === 'string' ? input : 'not a URL string'}).`,
      );
    }
    const { model, ...rest } = body as Record<string, unknown>;
    const method = rest['stream'] === true ? 'streamRawPredict' : 'rawPredict';
    // Vertex's ids carry an `@` (claude-sonnet-4-5@20250929), sent as it is; anything odd escaped.
    const id = String(model).replace(/[^\w.@-]/g, encodeURIComponent);
    const url = `${modelsURL}/${id}:${method}`;
    // Names in lower case: the key header and the provider's placeholder token give way.
    const { 'x-api-key': _key, ...headers } = headerRecord(init?.headers);
    headers['authorization'] = `Bearer ${await token()}`;
    return httpFetch(url, {
      ...init,
      headers,
      body: JSON.stringify({ ...rest, anthropic_version: 'vertex-2023-10-16' }),
    });
  };
}
