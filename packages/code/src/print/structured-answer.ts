// --json-schema: the final answer must be JSON that matches the schema (Claude Code's
// `structured_output`). The model is told so at the end of its system prompt; its last answer
// is then read as JSON (a ```json fence around it is allowed, as models write one) and checked
// with zod's JSON Schema reader. Not JSON, or not matching: a sentence that says where, and the
// run fails (Wave does not ask the model again).
import { z } from 'zod';

export type StructuredAnswer = { readonly value: unknown } | { readonly problem: string };

/** What the model is told, after any --append-system-prompt. */
export function schemaInstruction(schema: object): string {
  return [
    'Your final answer must be a single JSON value, and nothing else (no prose around it), that matches this JSON Schema:',
    JSON.stringify(schema),
  ].join('\n');
}

/** The schema as zod reads it; why not, as a sentence, when it cannot. */
export function schemaValidator(schema: Record<string, unknown>): z.ZodType {
  return z.fromJSONSchema(schema);
}

function withoutFence(text: string): string {
  const fenced = /^```[a-zA-Z]*\s*\n([\s\S]*?)\n?```$/.exec(text.trim());
  return (fenced?.[1] ?? text).trim();
}

export function structuredAnswer(text: string, schema: Record<string, unknown>): StructuredAnswer {
  let value: unknown;
  try {
    value = JSON.parse(withoutFence(text));
  } catch {
    return {
      problem: `--json-schema: the final answer is not JSON, so it cannot match the schema (it begins "${text.trim().slice(0, 60)}").`,
    };
  }
  const checked = schemaValidator(schema).safeParse(value);
  if (checked.success) return { value };
  const issue = checked.error.issues[0];
  const where =
    issue === undefined || issue.path.length === 0 ? 'the answer' : issue.path.join('.');
  return {
    problem: `--json-schema: the final answer does not match the schema: at ${where}, ${issue?.message ?? 'invalid'}.`,
  };
}
