export { Agent } from './agent.js';
export type { AgentOptions, TurnResult } from './agent.js';
export type { AgentCallbacks, AgentEventListener, CallbackName } from './events/callbacks.js';
export { callbackName } from './events/callbacks.js';
export type { Logger } from './logger.js';
export { stderrLogger } from './logger.js';
export type { StopReason, RetryPolicy } from './loop/turn-loop.js';
export {
  ConfigError,
  DEFAULT_MODELS,
  PROVIDER_NAMES,
  describeProvider,
  resolveProvider,
} from './model/provider-settings.js';
export type {
  ProviderName,
  ProviderSettings,
  ProviderSources,
  ResolvedProvider,
} from './model/provider-settings.js';
export { resolveModelSetup } from './model/model-setup.js';
export type { ModelSettings, ModelSetup, ModelSources } from './model/model-setup.js';
export type { ModelCatalog, ModelPurposeChoices } from './model/model-catalog.js';
export { baseRoute, routeIdentity, routeOf } from './model/model-entry.js';
export type { BaseEndpoint, KeySource, ModelEntry, ModelRoute } from './model/model-entry.js';
export { createDemoModel } from './model/demo-model.js';
export { DEMO_CONFIGURE_HINT, demoConfigureHint } from './model/demo-configure-hint.js';
export { defaultContextWindow } from './model/context-window.js';
export type { DemoModelOptions } from './model/demo-model.js';
export type {
  CanUseTool,
  PermissionDecision,
  PermissionRequest,
} from './permissions/permission-request.js';
export type { PermissionClass, ToolDefinition } from './tools/tool.js';
export { decideWorkspaceTrust } from './permissions/workspace-trust.js';
export { hostTrustAsker } from './permissions/host-trust-asker.js';
export type { HostRequest, HostTrustAskerOptions } from './permissions/host-trust-asker.js';
export type {
  AskTrust,
  ProjectRequest,
  TrustAnswer,
  TrustDecision,
  TrustInput,
  TrustQuestion,
} from './permissions/workspace-trust.js';
export { trustedFoldersPath } from './permissions/trusted-folders.js';
export { writeJsonAtomically } from './storage/write-json-atomically.js';
export { storageReason } from './storage/storage-problem.js';
export { resolveWaveHome } from './session/session-paths.js';
export { invalidSessionIdReason, isValidSessionId } from './session/session-id.js';
export { SessionFileError, readSessionFile } from './session/session-reader.js';
export type { SessionContents } from './session/session-reader.js';
export type { SessionHeader } from './session/session-file.js';
export type { ListedSessions, SessionSummary } from './session/session-summary.js';
export type { RestoreResult, RewindRestore, RewindResult } from './agent.js';
export type { RewindFilesResult } from './checkpoints/file-checkpoints.js';
export type { PermissionMode, QueuedMessage } from '@wave-agent/shared-protocol';
export { createWaveServer, ProtocolError, serveMessages } from './server/index.js';
export type {
  MessageEndpoint,
  ServerConnection,
  ServerPeer,
  WaveServer,
  WaveServerOptions,
} from './server/index.js';
export {
  MAX_MCP_CONFIG_BYTES,
  parseMcpServers,
  projectMcpConfigPath,
  readMcpConfigFile,
} from './mcp/mcp-config-file.js';
export type { ParsedMcpServers } from './mcp/mcp-config-file.js';
export { serverDescription, serverTarget } from './mcp/server-target.js';
export { DEFAULT_MCP_CALL_TIMEOUT_MS, DEFAULT_MCP_CONNECT_TIMEOUT_MS } from './mcp/mcp-timeouts.js';
export type { McpTimeouts } from './mcp/mcp-timeouts.js';
