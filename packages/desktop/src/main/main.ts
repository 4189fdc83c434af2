// The desktop app's entry (dist/main.cjs, run by Electron): hands Electron's API to DesktopApp,
// opens the folder given on the command line, else the most recent one, else asks for one.
import { join } from 'node:path';
import * as electron from 'electron';
import { DesktopApp, registerAppScheme } from './desktop-app.js';
import { chooseWaveCommand } from './wave-command-line.js';

const { app } = electron;

// One app instance: a second launch hands its folder to the first.
if (!app.requestSingleInstanceLock()) app.quit();
registerAppScheme(electron);

function folderArgument(argv: readonly string[]): string | undefined {
  return argv.slice(app.isPackaged ? 1 : 2).find((arg) => !arg.startsWith('-'));
}

void app.whenReady().then(async () => {
  const wave = chooseWaveCommand({
    bundledCli: join(__dirname, 'wave', 'wave.js'),
    execPath: process.execPath,
    env: process.env,
  });
  if (!wave.ok) {
    electron.dialog.showErrorBox('Wave cannot start', wave.problem);
    app.quit();
    return;
  }
  const desktop = new DesktopApp(electron, {
    uiRoot: join(__dirname, 'webview'),
    preloadPath: join(__dirname, 'preload.cjs'),
    wave: wave.command,
    dataDir: app.getPath('userData'),
    log: (line) => console.warn(line),
  });
  app.on('second-instance', (_event, argv) => {
    const folder = folderArgument(argv);
    if (folder) void desktop.openFolder(folder);
    else void desktop.pickFolder();
  });
  app.on('browser-window-focus', () => void desktop.resumeMenu());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (electron.BrowserWindow.getAllWindows().length === 0) void desktop.pickFolder();
  });
  const first = folderArgument(process.argv) ?? desktop.recent.all[0];
  if (first) await desktop.openFolder(first);
  else await desktop.pickFolder();
});
