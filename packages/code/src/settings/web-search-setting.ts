// `webSearch`: where WebSearch searches for models without a search of their own. SearXNG's JSON
// API at a URL (keyless, self-hostable), or Brave's Search API with the key in the variable
// `apiKeyEnv` names. Only the user's file may say it: it decides where queries, and a key, go.
import { z } from 'zod';

export const WebSearchSettingSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('searxng'), url: z.url() }).strict(),
  z
    .object({
      provider: z.literal('brave'),
      apiKeyEnv: z.string().min(1),
      /** Another endpoint of the same API (a test server, a gateway). */
      url: z.url().optional(),
    })
    .strict(),
]);
