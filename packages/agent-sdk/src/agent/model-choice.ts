// Which model the session talks to. It can be switched for the rest of the session — to a
// configured model by name (with its own provider, endpoint and key), or to another model id of
// the current provider (same endpoint and key); the next model call uses it. /btw, compaction
// and subagents use the model settings' `modelFor` chose for them, or the current one.
import type { LanguageModel } from 'ai';
import { errorText } from '@wave-agent/shared-protocol';
import type { ConfiguredModel, SessionModel } from '@wave-agent/shared-protocol';
import { createLanguageModel } from '../model/create-model.js';
import { createDemoModel } from '../model/demo-model.js';
import type { DemoModelOptions } from '../model/demo-model.js';
import type { ChosenPurpose, ModelCatalog } from '../model/model-catalog.js';
import type { ModelSetup } from '../model/model-setup.js';
import type { ResolvedProvider } from '../model/provider-settings.js';

/** A model ready for a call, with what its configuration says about its limits. */
export interface ModelInUse {
  readonly model: LanguageModel;
  readonly resolved: ResolvedProvider;
}

export class ModelChoice {
  private current: LanguageModel;
  private chosen: ResolvedProvider;
  private readonly catalog: ModelCatalog;
  private readonly demo: DemoModelOptions | undefined;
  /** The configured models, as every host's picker lists them (fixed for the process). */
  readonly configured: readonly ConfiguredModel[];

  constructor(setup: ModelSetup, given?: LanguageModel, demo?: DemoModelOptions) {
    this.chosen = setup.start;
    this.catalog = setup.catalog;
    this.configured = setup.catalog.listed();
    this.demo = demo;
    this.current = given ?? this.create(setup.start);
  }

  get model(): LanguageModel {
    return this.current;
  }

  get resolved(): ResolvedProvider {
    return this.chosen;
  }

  /** The model as the session state names it. */
  get sessionModel(): SessionModel {
    const { provider, model, reason, name } = this.chosen;
    return { provider, model, reason, ...(name !== undefined ? { name } : {}) };
  }

  /**
   * A subagent's model: a configured one by name, else another model id of the current
   * provider, endpoint and key (the demo's own one). Throws a ConfigError that says what to do.
   */
  modelNamed(name: string): ModelInUse {
    const configured = this.catalog.resolve(name);
    if (configured !== undefined) return { model: this.create(configured), resolved: configured };
    if (this.chosen.provider === 'demo') return { model: this.current, resolved: this.chosen };
    const resolved = this.plain(name, 'a subagent asked for it');
    return { model: createLanguageModel(resolved), resolved };
  }

  /** The model in use now. */
  get inUse(): ModelInUse {
    return { model: this.current, resolved: this.chosen };
  }

  /** The model settings chose for `purpose`; undefined when they chose none. Throws a ConfigError. */
  forPurpose(purpose: ChosenPurpose): ModelInUse | undefined {
    const chosen = this.catalog.forPurpose(purpose);
    return chosen === undefined ? undefined : { model: this.create(chosen), resolved: chosen };
  }

  /** Switches to `name`; throws a sentence that says what to do when it cannot. */
  switchTo(name: string): SessionModel {
    const wanted = name.trim();
    if (!wanted) throw new Error('Name a model, e.g. /model claude-sonnet-4-5.');
    const reason = 'chosen with /model in this session';
    const configured = this.catalog.resolve(wanted);
    if (configured === undefined && this.chosen.provider === 'demo') {
      throw new Error(
        'The offline demo has only its scripted model; configure a real provider (or "models" in your settings) to choose a model.',
      );
    }
    const resolved = configured ? { ...configured, reason } : this.plain(wanted, reason);
    this.current = this.create(resolved);
    this.chosen = resolved;
    return this.sessionModel;
  }

  /**
   * The model a stored session was switched to (its last modelChanged), put back when it still
   * means the same model here: a configured model that is still configured, or a model id of the
   * provider in use now. Otherwise a sentence why not; the current model stays.
   */
  putBack(recorded: SessionModel): { readonly model: SessionModel } | { readonly problem: string } {
    const now = this.sessionModel;
    if (recorded.model === now.model && recorded.name === now.name) return { model: now };
    // A name other than the model id is a configured model's ("fast"), which only its entry means.
    const configuredName = recorded.name !== undefined && recorded.name !== recorded.model;
    if (configuredName && this.catalog.resolve(recorded.name ?? '') === undefined)
      return { problem: `"${recorded.name}" is no longer a configured model.` };
    if (!configuredName && recorded.provider !== this.chosen.provider)
      return {
        problem: `it was a model of ${recorded.provider}, and Wave now talks to ${this.chosen.provider}.`,
      };
    try {
      return { model: this.switchTo(configuredName ? (recorded.name ?? '') : recorded.model) };
    } catch (error) {
      return { problem: errorText(error) };
    }
  }

  /** Another model id on the current route: its name and limits were the configured model's. */
  private plain(model: string, reason: string): ResolvedProvider {
    const {
      name: _name,
      contextWindow: _window,
      maxOutputTokens: _limit,
      images: _images,
      effort: _effort,
      ...route
    } = this.chosen;
    return { ...route, model, reason };
  }

  private create(resolved: ResolvedProvider): LanguageModel {
    return resolved.provider === 'demo'
      ? createDemoModel(this.demo)
      : createLanguageModel(resolved);
  }
}
