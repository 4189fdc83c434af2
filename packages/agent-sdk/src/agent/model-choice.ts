// Which model the session talks to. It can be switched for the rest of the session (same
// provider, endpoint and key); the next model call uses it. The demo has only its one model.
import type { LanguageModel } from 'ai';
import type { SessionModel } from '@wave-agent/shared-protocol';
import { createLanguageModel } from '../model/create-model.js';
import { createDemoModel } from '../model/demo-model.js';
import type { DemoModelOptions } from '../model/demo-model.js';
import type { ResolvedProvider } from '../model/provider-settings.js';

export class ModelChoice {
  private current: LanguageModel;
  private chosen: ResolvedProvider;

  constructor(resolved: ResolvedProvider, given?: LanguageModel, demo?: DemoModelOptions) {
    this.chosen = resolved;
    this.current =
      given ??
      (resolved.provider === 'demo' ? createDemoModel(demo) : createLanguageModel(resolved));
  }

  get model(): LanguageModel {
    return this.current;
  }

  get resolved(): ResolvedProvider {
    return this.chosen;
  }

  /** The model as the session state names it. */
  get sessionModel(): SessionModel {
    const { provider, model, reason } = this.chosen;
    return { provider, model, reason };
  }

  /** Another model of the same provider, endpoint and key (a subagent's); the demo's own one. */
  modelNamed(name: string): LanguageModel {
    if (this.chosen.provider === 'demo') return this.current;
    return createLanguageModel({ ...this.chosen, model: name, reason: 'a subagent asked for it' });
  }

  /** Switches to `name`; throws a sentence that says what to do when it cannot. */
  switchTo(name: string): SessionModel {
    const model = name.trim();
    if (!model) throw new Error('Name a model, e.g. /model claude-sonnet-4-5.');
    if (this.chosen.provider === 'demo') {
      throw new Error(
        'The offline demo has only its scripted model; configure a real provider to choose a model.',
      );
    }
    const resolved = { ...this.chosen, model, reason: 'chosen with /model in this session' };
    this.current = createLanguageModel(resolved);
    this.chosen = resolved;
    return this.sessionModel;
  }
}
