export { Agent } from './agent.js';
export type { AgentOptions, SendOptions, TurnResult } from './agent.js';
export { AttachmentRefused } from './attachments/attachments.js';
export { WorkFolderIndex } from './attachments/file-index.js';
export type { FileIndexLimits, FoundFiles } from './attachments/file-index.js';
export type { AgentCallbacks, AgentEventListener, CallbackName } from './events/callbacks.js';
export { callbackName } from './events/callbacks.js';
export type { Logger } from './logger.js';
export { stderrLogger } from './logger.js';
export type { StopReason, RetryPolicy } from './loop/turn-loop.js';
export { INTERRUPTED_NOTICE } from './loop/turn-loop.js';
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
export { demoConfigureHint } from './model/demo-configure-hint.js';
export { defaultContextWindow } from './model/context-window.js';
export type { DemoModelOptions } from './model/demo-model.js';
export type {
  CanUseTool,
  PermissionDecision,
  PermissionRequest,
} from './permissions/permission-request.js';
export type { PermissionClass, ToolDefinition } from './tools/tool.js';
export { decideWorkspaceTrust } from './permissions/workspace-trust.js';
export { CommandSandbox } from './permissions/sandbox/command-sandbox.js';
export type {
  CommandSandboxOptions,
  LauncherRequest,
} from './permissions/sandbox/command-sandbox.js';
export { SandboxUnavailableError, UNSANDBOXED } from './permissions/sandbox/command-launcher.js';
export type { CommandLauncher, LaunchOptions } from './permissions/sandbox/command-launcher.js';
export type { SandboxSettings } from './permissions/sandbox/sandbox-settings.js';
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
export {
  forgetGrants,
  forgetTrust,
  readTrustedFolders,
  rememberTrust,
  trustedFoldersPath,
} from './permissions/trusted-folders.js';
export { writeJsonAtomically, writeTextAtomically } from './storage/write-json-atomically.js';
export { storageReason } from './storage/storage-problem.js';
export { resolveWaveHome } from './session/session-paths.js';
export { invalidSessionIdReason, isValidSessionId } from './session/session-id.js';
export { SessionFileError, readSessionFile } from './session/session-reader.js';
export type { SessionContents } from './session/session-reader.js';
export type { SessionHeader } from './session/session-file.js';
export type { ListedSessions, SessionSummary } from './session/session-summary.js';
export { sessionPathFor } from './session/session-summary.js';
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
export type { WebSearchSettings } from './tools/web/search-backends.js';
export { serverDescription, serverTarget } from './mcp/server-target.js';
export { probeMcpServer } from './mcp/probe-mcp-server.js';
export type { McpProbe, McpProbeInput } from './mcp/probe-mcp-server.js';
export {
  DEFAULT_MCP_CALL_TIMEOUT_MS,
  DEFAULT_MCP_CONNECT_TIMEOUT_MS,
  resolveMcpTimeouts,
} from './mcp/mcp-timeouts.js';
export type { McpTimeouts } from './mcp/mcp-timeouts.js';
export { editJsonc, lineColumnAt, parseJsonc } from './storage/jsonc-text.js';
export type { JsoncText, LineColumn } from './storage/jsonc-text.js';
export { isProjectSection, SETTINGS_FILE_KINDS } from './settings/settings-section.js';
export type { SettingsFileKind, SettingsSection } from './settings/settings-section.js';
export {
  claudeUserSettingsFile,
  localSettingsPath,
  settingsFiles,
  userSettingsFile,
} from './settings/settings-files.js';
export { resolveClaudeHome } from './settings/claude-home.js';
export { isCredentialVariable } from './model/credential-variables.js';
export type { SettingsFile } from './settings/settings-files.js';
export { readHookConfig, DEFAULT_HOOK_TIMEOUT_SECONDS } from './hooks/hook-config.js';
export type { ConfiguredHook, HookConfig, HookSettingsSource } from './hooks/hook-config.js';
export { HOOK_EVENTS } from './hooks/hook-events.js';
export type { HookEventName } from './hooks/hook-events.js';
export { readPermissionSettings } from './permissions/rules/permission-settings.js';
export type { PermissionSettings } from './permissions/rules/permission-settings.js';
export type { PermissionRule, RuleBehavior } from './permissions/rules/permission-rule.js';
export { BUILTIN_TOOL_NAMES } from './tools/registry.js';
export { currentToolName } from './tools/tool-aliases.js';
export { readPluginBundle, pluginServerName } from './plugins/plugin-bundle.js';
export type { BundleRead, PluginBundle } from './plugins/plugin-bundle.js';
export { readMarketplace } from './plugins/marketplace-file.js';
export type { Marketplace, MarketplaceEntry, PluginSource } from './plugins/marketplace-file.js';
export { readPluginManifest } from './plugins/plugin-manifest.js';
export {
  addMarketplace,
  installedBundle,
  installedPlugins,
  installPlugin,
  knownMarketplaces,
  marketplaceNamed,
  pluginDataDir,
  pluginsHome,
  removeMarketplace,
  splitPluginId,
  uninstallPlugin,
} from './plugins/plugin-store.js';
export type { InstalledPlugin, KnownMarketplace } from './plugins/plugin-store.js';
export { childProcess } from './work/child-process.js';
export { findOnPath, probeSandbox } from './permissions/sandbox/sandbox-probe.js';
export type { SandboxProbe } from './permissions/sandbox/sandbox-probe.js';
export { isFolderTrusted } from './permissions/folder-trust.js';
export { SessionFile } from './session/session-file.js';
export { titleOf, writeSummary } from './session/session-summary.js';
