// A project's configured models and workspace trust. A project may pick any model the user
// configured, and add models on a route the user configured (the top-level endpoint and key, or
// the endpoint and key variable of one of the user's own models): that is choosing a model. An
// entry that sends requests anywhere else (another provider, a baseURL of its own) or reads a
// key from a variable of its own choosing (apiKeyEnv) is a request that needs trust, so the
// user's key and code never go where the user did not send them.
import { baseRoute, resolveProvider, routeIdentity, routeOf } from '@wave-agent/agent-sdk';
import type { BaseEndpoint, ModelRoute, ProjectRequest } from '@wave-agent/agent-sdk';
import type { LoadedSettings } from './load-settings.js';
import type { ModelEntrySettings } from './model-entry-schema.js';
import { projectRequest } from './project-request.js';
import type { StrongerChoices } from './project-request.js';

/** The user's own endpoint; undefined when it cannot be used (then no model inherits it). */
function userEndpoint(loaded: LoadedSettings, stronger: StrongerChoices): BaseEndpoint | undefined {
  try {
    const resolved = resolveProvider({ explicit: stronger, env: stronger.env, files: loaded.user });
    return {
      provider: resolved.provider,
      ...(resolved.baseURL ? { baseURL: resolved.baseURL } : {}),
    };
  } catch {
    return undefined; // The configuration error is reported where the model is resolved.
  }
}

/** The route in short, as remembered: "openai http://…/v1 key $X" (a new route is a new request). */
function routeValue(route: ModelRoute): string {
  const key =
    route.key.kind === 'env'
      ? `key $${route.key.variable}`
      : route.provider === 'vertex'
        ? 'google-cloud-token'
        : 'no key';
  return `${route.provider} ${route.baseURL ?? 'default endpoint'} ${key}`;
}

function description(name: string, entry: ModelEntrySettings, route: ModelRoute): string {
  // Vertex names no key variable, yet its requests carry the user's Google Cloud access token.
  const key =
    route.key.kind === 'env'
      ? `, with the key in $${route.key.variable}`
      : route.provider === 'vertex'
        ? ', with your Google Cloud access token'
        : ' (with no key)';
  const where =
    route.baseURL !== undefined
      ? `sends your requests to ${route.baseURL}`
      : `uses the ${route.provider} provider`;
  return `add the model "${name}" (${entry.model}), which ${where}${key}`;
}

interface ProjectModel {
  readonly name: string;
  readonly entry: ModelEntrySettings;
  /** Undefined when the route is one the user configured. */
  readonly request?: ProjectRequest;
}

function projectModels(loaded: LoadedSettings, stronger: StrongerChoices): ProjectModel[] {
  const base = userEndpoint(loaded, stronger);
  const usersRoutes = new Set([
    ...(base ? [routeIdentity(baseRoute(base))] : []),
    ...Object.values(loaded.user.models ?? {}).map((entry) => routeIdentity(routeOf(entry, base))),
  ]);
  return Object.entries(loaded.project.models ?? {}).map(([name, entry]) => {
    const route = routeOf(entry, base);
    if (usersRoutes.has(routeIdentity(route))) return { name, entry };
    return {
      name,
      entry,
      request: projectRequest(
        loaded.projectPath,
        `models.${name}`,
        routeValue(route),
        description(name, entry, route),
      ),
    };
  });
}

/** The project's models that need trust, as requests. */
export function modelRequests(loaded: LoadedSettings, stronger: StrongerChoices): ProjectRequest[] {
  return projectModels(loaded, stronger).flatMap((model) => (model.request ? [model.request] : []));
}

/** The user's models, then the project's that need no trust or were granted (same name: the project's). */
export function trustedModels(
  loaded: LoadedSettings,
  granted: readonly ProjectRequest[],
  stronger: StrongerChoices,
): Record<string, ModelEntrySettings> {
  const allowed = new Set(granted.map((request) => request.key));
  const models: Record<string, ModelEntrySettings> = { ...loaded.user.models };
  for (const { name, entry, request } of projectModels(loaded, stronger))
    if (request === undefined || allowed.has(request.key)) models[name] = entry;
  return models;
}
