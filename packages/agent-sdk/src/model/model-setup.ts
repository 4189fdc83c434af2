// Which model a session starts with, and the catalog of the configured ones. The strongest model
// choice wins: flags (or the SDK's `model` option), then WAVE_MODEL, then the provider's standard
// variable (ANTHROPIC_MODEL, OPENAI_MODEL), then settings' `defaultModel`, then settings' `model`;
// a --provider or --base-url flag alone also means the top-level model, not `defaultModel`.
// A choice that names a configured model picks it; any other is a model id of the top-level
// provider, as before there were configured models. Configured models but no choice and no
// provider at all: the first configured model, rather than the offline demo.
import { implicitNameOf, ModelCatalog } from './model-catalog.js';
import type { CheckedEntry, ModelPurposeChoices } from './model-catalog.js';
import { CHOSEN_PURPOSES } from './model-catalog.js';
import type { ModelEntry } from './model-entry.js';
import {
  ConfigError,
  isProviderName,
  NOTHING_CONFIGURED,
  nonEmpty,
  PROVIDER_NAMES,
  resolveProvider,
} from './provider-settings.js';
import type { ProviderSettings, ResolvedProvider } from './provider-settings.js';

/** What settings files hold about models: the top-level provider fields and the configured ones. */
export interface ModelSettings extends ProviderSettings {
  /** Configured models by name. */
  readonly models?: Readonly<Record<string, ModelEntry>>;
  /** The configured model a session starts with. */
  readonly defaultModel?: string;
  /** The configured model for each purpose; the current model serves the others. */
  readonly modelFor?: ModelPurposeChoices;
}

export interface ModelSources {
  readonly explicit?: ProviderSettings;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly files?: ModelSettings;
}

export interface ModelSetup {
  /** The model the session starts with, and why. */
  readonly start: ResolvedProvider;
  readonly catalog: ModelCatalog;
}

function checkedEntries(
  models: Readonly<Record<string, ModelEntry>>,
): Record<string, CheckedEntry> {
  const checked: Record<string, CheckedEntry> = {};
  for (const [name, entry] of Object.entries(models)) {
    const { provider } = entry;
    if (!isProviderName(provider)) {
      throw new ConfigError(
        `The configured model "${name}" names an unknown provider "${provider}". Use one of: ${PROVIDER_NAMES.join(', ')}.`,
      );
    }
    checked[name] = { ...entry, provider };
  }
  return checked;
}

function requireNamed(
  entries: Readonly<Record<string, CheckedEntry>>,
  setting: string,
  name: string | undefined,
): void {
  if (name === undefined || Object.hasOwn(entries, name)) return;
  const known = Object.keys(entries);
  throw new ConfigError(
    `"${setting}" names "${name}", which is not a configured model. ${known.length > 0 ? `Use one of: ${known.join(', ')}` : 'Add it to "models"'}, or remove "${setting}".`,
  );
}

const STANDARD_MODEL_VARIABLE = { anthropic: 'ANTHROPIC_MODEL', openai: 'OPENAI_MODEL' } as const;

/** Throws a ConfigError that says what to do when the starting model cannot be used. */
export function resolveModelSetup(sources: ModelSources): ModelSetup {
  const env = sources.env ?? {};
  const explicit = sources.explicit ?? {};
  const { models = {}, defaultModel, modelFor = {}, ...files } = sources.files ?? {};
  const entries = checkedEntries(models);
  requireNamed(entries, 'defaultModel', defaultModel);
  for (const purpose of CHOSEN_PURPOSES)
    requireNamed(entries, `modelFor.${purpose}`, modelFor[purpose]);
  const named = (value: string | undefined): string | undefined => {
    const name = nonEmpty(value);
    return name !== undefined && Object.hasOwn(entries, name) ? name : undefined;
  };
  const flagNames = named(explicit.model);
  const envNames = named(env.WAVE_MODEL);
  const fileNames = named(files.model);

  // The top-level configuration, without the choices that name a configured model.
  let base: ResolvedProvider | undefined;
  let baseError: ConfigError | undefined;
  try {
    base = resolveProvider({
      explicit: flagNames ? { ...explicit, model: undefined } : explicit,
      env: envNames ? { ...env, WAVE_MODEL: undefined } : env,
      files: fileNames ? { ...files, model: undefined } : files,
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    baseError = error;
  }
  const standardModel =
    base?.provider === 'anthropic' || base?.provider === 'openai'
      ? nonEmpty(env[STANDARD_MODEL_VARIABLE[base.provider]])
      : undefined;

  const choice = ((): { name: string; reason: string } | 'base' => {
    if (nonEmpty(explicit.model))
      return flagNames ? { name: flagNames, reason: `--model ${flagNames}` } : 'base';
    // --provider or --base-url (or a host's initialize) typed for this run: that endpoint's model.
    if (nonEmpty(explicit.provider) || nonEmpty(explicit.baseURL)) return 'base';
    if (nonEmpty(env.WAVE_MODEL))
      return envNames ? { name: envNames, reason: `WAVE_MODEL=${envNames}` } : 'base';
    if (standardModel !== undefined) return 'base';
    if (defaultModel !== undefined)
      return { name: defaultModel, reason: `"defaultModel": "${defaultModel}" in settings` };
    if (nonEmpty(files.model))
      return fileNames
        ? { name: fileNames, reason: `"model": "${fileNames}" in settings` }
        : 'base';
    const first = Object.keys(entries)[0];
    if (first !== undefined && (base === undefined || base.reason === NOTHING_CONFIGURED))
      return {
        name: first,
        reason: `"${first}" is the first configured model (set "defaultModel" to start with another)`,
      };
    return 'base';
  })();

  const startName = choice === 'base' ? implicitNameOf(entries, base) : choice.name;
  const catalog = new ModelCatalog({ entries, base, env, purposes: modelFor, startName });
  if (choice === 'base') {
    if (base === undefined) throw baseError ?? new ConfigError('No model is configured.');
    return { start: startName !== undefined ? { ...base, name: startName } : base, catalog };
  }
  const resolved = catalog.resolve(choice.name);
  if (resolved === undefined) throw new ConfigError(`"${choice.name}" is not a configured model.`);
  return { start: { ...resolved, reason: choice.reason }, catalog };
}
