// A tool's one-off question to a model (WebFetch's about the page it read): the model settings'
// `modelFor` chose for the purpose, else the current one; no tools, no conversation. The offline
// demo cannot answer it (its replies are scripted), so it answers nothing and the tool falls back.
import type { SideAnswer, SideRequest } from '../tools/tool-session.js';
import { streamModel } from '../model/model-call.js';
import type { CallLimits } from './call-limits.js';
import type { ModelChoice } from './model-choice.js';

export async function askSideModel(
  models: ModelChoice,
  limits: CallLimits,
  purpose: 'webfetch',
  request: SideRequest,
): Promise<SideAnswer | undefined> {
  const { model, resolved } = models.forPurpose(purpose) ?? models.inUse;
  if (resolved.provider === 'demo') return undefined;
  const maxOutputTokens = limits.outputLimit(resolved);
  let text = '';
  await streamModel(
    {
      model,
      system: request.system,
      messages: [{ role: 'user', content: request.prompt }],
      tools: [],
      abortSignal: request.signal,
      idleTimeoutMs: limits.retry.idleTimeoutMs,
      ...(maxOutputTokens ? { maxOutputTokens } : {}),
    },
    (part) => {
      if (part.type === 'text' && part.text) text += part.text;
    },
  );
  return { text, model: resolved.model };
}
