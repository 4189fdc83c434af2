// The harness, for the benchmark (tools/bench measures the page in Chromium with the same parts
// the tests use): Chromium, wave web, the page's probes, a seeded long session, the chat's names.
export * from './chat.js';
export * from './chromium.js';
export * from './page-probes.js';
export * from './seed-session.js';
export * from './wave-web-process.js';
