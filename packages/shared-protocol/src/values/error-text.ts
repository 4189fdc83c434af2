// What a thrown value says, for a sentence that tells the user what happened: an Error's
// message, a string as it is, anything else as JSON (never "[object Object]").
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error); // A cycle or a BigInt: what String makes of it.
  }
}
