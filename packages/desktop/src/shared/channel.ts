// The one IPC channel between a window's chat UI (the preload) and the main process.
export const WAVE_CHANNEL = 'wave:message';
