// The one check that an unknown value (parsed JSON, a message from another process) is a plain
// object whose fields can be read.
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
