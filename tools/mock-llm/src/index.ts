// @wave-agent/mock-llm: a scripted model server speaking the OpenAI Chat Completions, OpenAI
// Responses and Anthropic Messages wire formats over real HTTP and SSE, with fault injection.
export { start } from './server/start-mock-llm.js';
export type { MockLlm, StartOptions } from './server/start-mock-llm.js';
export type { RecordedRequest } from './server/recorded-request.js';
export { loadScenarioFile } from './scenario/load-scenario-file.js';
export { parseScenario, ScenarioError } from './scenario/parse-scenario.js';
export { expandText } from './scenario/expand-text.js';
export {
  RECORDED_FIXTURES,
  recordedAnthropicText,
  recordedEvents,
  recordedFixturePath,
} from './fixtures/recorded-fixtures.js';
export type { RecordedFixture } from './fixtures/recorded-fixtures.js';
export { TWO_SUBAGENTS, twoSubagentsScenario } from './scenarios/two-subagents.js';
export type { TwoSubagentsOptions } from './scenarios/two-subagents.js';
export {
  ASKED_REPLY,
  CHECKS_QUESTION,
  DATABASE_QUESTION,
  askingScenario,
} from './scenarios/user-questions.js';
export {
  WEB_ARTICLE_TITLE,
  WEB_FETCH_ANSWER,
  WEB_PAGE_CHROME,
  WEB_SEARCH_RESULTS,
  WEB_TOOLS_PROMPT,
  WEB_TOOLS_REPLY,
  startWebToolsSite,
  webToolsScenario,
  webToolsSettings,
} from './scenarios/web-tools.js';
export type { WebToolsSite } from './scenarios/web-tools.js';
export type {
  Fault,
  FaultKind,
  GeneratedText,
  ReasoningPart,
  RecordedStream,
  ReplyPart,
  Scenario,
  StopReason,
  TextPart,
  TextSource,
  ToolCallPart,
  Turn,
  TurnMatch,
  TurnUsage,
} from './scenario/scenario-types.js';
