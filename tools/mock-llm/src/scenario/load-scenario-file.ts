// Reads a scenario file; a missing file or bad JSON becomes a ScenarioError like any other bad field.
import { readFile } from 'node:fs/promises';
import { parseScenario, ScenarioError } from './parse-scenario.js';
import type { Scenario } from './scenario-types.js';

export async function loadScenarioFile(path: string): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ScenarioError(path, [`cannot be read (${reason})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ScenarioError(path, [`is not valid JSON (${reason})`]);
  }
  return parseScenario(json, path);
}
