// The native menus, with the usual shortcuts: File (open a folder, recent folders, close),
// Edit (the standard roles, so copy and paste work in the chat), Session (new, resume, stop),
// View (zoom, full screen), Window; on macOS the app menu first.
import type { SessionSummary } from '@wave-agent/shared-protocol';
import type { MenuItemConstructorOptions } from './electron-api.js';

export interface MenuActions {
  openFolder(): void;
  openRecent(folder: string): void;
  clearRecent(): void;
  newSession(): void;
  resume(sessionId: string): void;
  stop(): void;
}

export interface MenuInputs {
  readonly platform: NodeJS.Platform;
  readonly recent: readonly string[];
  readonly sessions: readonly SessionSummary[];
  readonly actions: MenuActions;
}

export function applicationMenu(inputs: MenuInputs): MenuItemConstructorOptions[] {
  const { actions } = inputs;
  const mac = inputs.platform === 'darwin';
  const recent: MenuItemConstructorOptions[] =
    inputs.recent.length === 0
      ? [{ label: 'No Recent Folders', enabled: false }]
      : [
          ...inputs.recent.map((folder) => ({
            label: folder,
            click: () => actions.openRecent(folder),
          })),
          { type: 'separator' },
          { label: 'Clear Recent', click: () => actions.clearRecent() },
        ];
  const sessions: MenuItemConstructorOptions[] =
    inputs.sessions.length === 0
      ? [{ label: 'No Stored Sessions', enabled: false }]
      : inputs.sessions.slice(0, 20).map((session) => ({
          label: session.title || '(untitled)',
          sublabel: new Date(session.updatedAt).toLocaleString(),
          click: () => actions.resume(session.id),
        }));
  return [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: () => actions.openFolder() },
        { label: 'Open Recent', submenu: recent },
        { type: 'separator' },
        { role: 'close' },
        ...(mac ? [] : [{ role: 'quit' } as const]),
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Session',
      submenu: [
        { label: 'New Session', accelerator: 'CmdOrCtrl+N', click: () => actions.newSession() },
        { label: 'Resume', submenu: sessions },
        { label: 'Stop', accelerator: 'CmdOrCtrl+.', click: () => actions.stop() },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
}
