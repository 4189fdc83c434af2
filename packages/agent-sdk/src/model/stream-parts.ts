// Every provider's stream, normalized into one small union the turn loop understands.
import type { FinishReason, ProviderMetadata, Usage } from '@wave-agent/shared-protocol';

export type ModelPart =
  | {
      readonly type: 'text';
      readonly text: string;
      /** Provider data for the text (Gemini's thought signature, often on an empty part). */
      readonly providerMetadata?: ProviderMetadata;
    }
  | { readonly type: 'text-end' }
  | {
      readonly type: 'reasoning';
      readonly text: string;
      readonly providerMetadata?: ProviderMetadata;
    }
  | { readonly type: 'reasoning-end'; readonly providerMetadata?: ProviderMetadata }
  | { readonly type: 'tool-input-start'; readonly id: string; readonly toolName: string }
  | { readonly type: 'tool-input-delta'; readonly id: string; readonly delta: string }
  /** The call's input is complete: `input` is its JSON text (possibly invalid JSON). */
  | {
      readonly type: 'tool-call';
      readonly id: string;
      readonly toolName: string;
      readonly input: string;
      /** Provider data that goes back with the call (Gemini's thought signature). */
      readonly providerMetadata?: ProviderMetadata;
    }
  | { readonly type: 'finish'; readonly finishReason: FinishReason; readonly usage?: Usage };
