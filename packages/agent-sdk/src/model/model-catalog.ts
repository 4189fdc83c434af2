// The configured models of a session: the entries of settings' `models`, and the top-level
// configuration as one more entry named by its model id (the implicit one, listed first), each
// resolved to a provider, endpoint and key only when it is used. It knows which one the session
// started with and which ones settings' `modelFor` chose for /btw, compaction, subagents and WebFetch.
import type { ConfiguredModel, ModelPurpose } from '@wave-agent/shared-protocol';
import { resolveEntry } from './model-entry.js';
import type { ModelEntry } from './model-entry.js';
import { DEFAULT_MODELS } from './provider-settings.js';
import type { ProviderName, ResolvedProvider } from './provider-settings.js';

/** An entry whose provider was checked. */
export type CheckedEntry = ModelEntry & { readonly provider: ProviderName };

/** settings' `modelFor`: the configured model (by name) to use for each purpose. */
export interface ModelPurposeChoices {
  /** /btw side questions. */
  readonly btw?: string;
  /** Compaction summaries. */
  readonly compact?: string;
  /** Subagents whose own file names no model. */
  readonly subagent?: string;
  /** WebFetch's question about the page it read. */
  readonly webfetch?: string;
}

export type ChosenPurpose = keyof ModelPurposeChoices;

export interface ModelCatalogInput {
  readonly entries: Readonly<Record<string, CheckedEntry>>;
  /** The top-level configuration; undefined when it cannot be used (and is not needed). */
  readonly base: ResolvedProvider | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly purposes: ModelPurposeChoices;
  /** The name of the model the session started with. */
  readonly startName: string | undefined;
}

/** The top-level configuration is listed under its model id, unless an entry has that name. */
export function implicitNameOf(
  entries: Readonly<Record<string, CheckedEntry>>,
  base: ResolvedProvider | undefined,
): string | undefined {
  if (base === undefined || Object.hasOwn(entries, base.model)) return undefined;
  // The offline demo is only worth listing when nothing else is configured.
  if (base.provider === 'demo' && Object.keys(entries).length > 0) return undefined;
  return base.model;
}

export const CHOSEN_PURPOSES: readonly ChosenPurpose[] = ['btw', 'compact', 'subagent', 'webfetch'];

export class ModelCatalog {
  constructor(private readonly input: ModelCatalogInput) {}

  /** The top-level configuration's entry name, when it is listed. */
  get implicitName(): string | undefined {
    return implicitNameOf(this.input.entries, this.input.base);
  }

  /** The configured model `name`, ready to use; undefined when none has that name. Throws a ConfigError. */
  resolve(name: string): ResolvedProvider | undefined {
    const { base, entries, env } = this.input;
    if (name === this.implicitName && base !== undefined) return { ...base, name };
    const entry = Object.hasOwn(entries, name) ? entries[name] : undefined;
    return entry === undefined ? undefined : resolveEntry(name, entry, base, env);
  }

  /** The model settings chose for `purpose`; undefined when they chose none (the current one serves). */
  forPurpose(purpose: ChosenPurpose): ResolvedProvider | undefined {
    const name = this.input.purposes[purpose];
    return name === undefined ? undefined : this.resolve(name);
  }

  /** The list every host's picker shows: names, providers, model ids and purpose marks; no keys. */
  listed(): ConfiguredModel[] {
    const { base, entries, purposes, startName } = this.input;
    const marks = (name: string): ModelPurpose[] => [
      ...(name === startName ? (['default'] as const) : []),
      ...CHOSEN_PURPOSES.filter((purpose) => purposes[purpose] === name),
    ];
    const implicit = this.implicitName;
    const listed: ConfiguredModel[] =
      implicit !== undefined && base !== undefined
        ? [
            {
              name: implicit,
              provider: base.provider,
              model: base.model,
              purposes: marks(implicit),
            },
          ]
        : [];
    for (const [name, entry] of Object.entries(entries)) {
      listed.push({
        name,
        provider: entry.provider,
        model: entry.provider === 'demo' ? DEFAULT_MODELS.demo : entry.model,
        purposes: marks(name),
        ...(entry.pricing ? { pricing: entry.pricing } : {}),
      });
    }
    return listed;
  }
}
