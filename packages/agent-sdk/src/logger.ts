// The SDK never prints; it tells its logger. The default logger discards debug and info and
// writes warnings and errors to stderr so nothing is lost silently.

export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

export const stderrLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: (message, ...details) => console.warn(`[wave] ${message}`, ...details),
  error: (message, ...details) => console.error(`[wave] ${message}`, ...details),
};
