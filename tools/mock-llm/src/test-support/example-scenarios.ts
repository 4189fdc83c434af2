// The example scenario files shipped in tools/mock-llm/scenarios, by name.
import { fileURLToPath } from 'node:url';

export const scenariosDir = fileURLToPath(new URL('../../scenarios/', import.meta.url));

export function exampleScenarioPath(name: string): string {
  return `${scenariosDir}${name}.json`;
}
