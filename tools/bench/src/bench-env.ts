// The environment of every process the benchmark starts: the machine's, without what would
// change what wave does (model settings, CI), pointed at the benchmark's mock-llm.
const NOISE =
  /^(WAVE_|ANTHROPIC_|OPENAI_|CI$|CONTINUOUS_INTEGRATION$|INIT_CWD$|npm_|FORCE_COLOR$|NO_COLOR$|NODE_OPTIONS$)/;

export function benchEnv(options: {
  readonly mockUrl: string;
  readonly home: string;
  readonly extra?: Record<string, string>;
}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !NOISE.test(key)) env[key] = value;
  }
  return {
    ...env,
    WAVE_HOME: options.home,
    WAVE_PROVIDER: 'openai',
    WAVE_BASE_URL: `${options.mockUrl}/v1`,
    WAVE_API_KEY: 'bench',
    WAVE_MODEL: 'bench',
    ...options.extra,
  };
}
