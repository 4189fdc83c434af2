// Which models take images. Anthropic's do. OpenAI's own API: its vision models (GPT-4o, GPT-4.1,
// GPT-4.5, GPT-5, the o1/o3/o4 reasoning models but their -mini ones before o4). Any other
// OpenAI-compatible endpoint: only when its entry in settings' `models` says `"images": true`,
// since Wave cannot know what a model behind a foreign endpoint takes. The offline demo: no.
// A configured model's `images` setting wins over these defaults.
import type { ResolvedProvider } from '../model/provider-settings.js';

const OPENAI_VISION =
  /^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-4-turbo|gpt-5|o1(?!-mini)|o3(?!-mini)|o4)/;

function takesImages(resolved: ResolvedProvider): boolean {
  if (resolved.images !== undefined) return resolved.images;
  switch (resolved.provider) {
    case 'anthropic':
    case 'google':
    case 'vertex':
    case 'bedrock':
      return true;
    case 'openai':
      return resolved.baseURL === undefined && OPENAI_VISION.test(resolved.model);
    case 'demo':
      return false;
  }
}

/** Why the model cannot be sent an image, as a sentence; undefined when it can. */
export function imageRefusal(resolved: ResolvedProvider): string | undefined {
  if (takesImages(resolved)) return undefined;
  const model = `${resolved.provider} ${resolved.model}`;
  const hint =
    resolved.provider === 'openai' && resolved.baseURL !== undefined
      ? ' (if the model behind this OpenAI-compatible endpoint does take images, set "images": true on its entry in your settings\' "models")'
      : '';
  return `the model in use (${model}) does not take images${hint}. Switch to a model that does with /model, or send the message without the image.`;
}
