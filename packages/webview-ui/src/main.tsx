// The page's entry: find the host and its boot information, connect, render. A page that cannot
// start says why in its body (no script is inlined anywhere, so a strict CSP holds).
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { readBootInfo } from './host/boot-info.js';
import { chooseHostBridge } from './host/choose-bridge.js';
import { WaveConnection } from './session/wave-connection.js';
import './styles/theme.css';
import './styles/app.css';
import './styles/highlight.css';
import './styles/sessions-sidebar.css';
import './styles/attachments.css';

function start(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  const boot = readBootInfo(document, window.location);
  if (!boot.ok) {
    root.textContent = boot.problem;
    return;
  }
  const connection = new WaveConnection(chooseHostBridge(window, boot.boot));
  createRoot(root).render(<App connection={connection} />);
  void connection.start();
}

start();
