// @wave-agent/code as a library: the pieces other parts of Wave call (the UI's /model command
// saves through saveModelSetting); the `wave` command itself starts in bin.ts.
export { runCli } from './cli.js';
export type { CliContext } from './cli.js';
export { loadSettings } from './settings/load-settings.js';
export type { LoadedSettings } from './settings/load-settings.js';
export { saveModelSetting } from './settings/save-model-setting.js';
export { projectSettingsPath, settingsPath, userSettingsPath } from './settings/settings-paths.js';
export type { SettingsLocation } from './settings/settings-paths.js';
export type { SettingsScope, WaveSettings } from './settings/settings-schema.js';
