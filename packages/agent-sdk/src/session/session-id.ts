// A session id names a file under $WAVE_HOME, and ids arrive from hosts (`initialize`) and the
// command line (`--resume`): only plain names pass, so no id can point anywhere else
// (`../../x`, an absolute path, a hidden file).
import { randomUUID } from 'node:crypto';

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function isValidSessionId(id: string): boolean {
  return SESSION_ID.test(id);
}

export function newSessionId(): string {
  return randomUUID();
}

/** Why an id is refused, as a sentence that says what a valid one looks like. */
export function invalidSessionIdReason(id: string): string {
  const shown = id.length > 80 ? `${id.slice(0, 80)}…` : id;
  return `${JSON.stringify(shown)} is not a session id: ids are letters, digits, "-" and "_" (up to 128, starting with a letter or digit), like the ones listSessions and wave --resume show.`;
}
