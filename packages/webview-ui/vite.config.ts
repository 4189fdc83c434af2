// The webview bundle: one script and one stylesheet with fixed names (hosts reference them and
// set a strict Content-Security-Policy: no inline script or style, no data: URLs), relative
// paths (a VS Code webview or an Electron file:// page serves them from wherever they lie).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  plugins: [react()],
  // Always React's production build: Vite takes NODE_ENV from the environment, and a shell or a
  // test runner (vitest sets NODE_ENV=test) would otherwise ship the development one — slower,
  // bigger, and holding on to every element's creation stack.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: { conditions: ['@wave-agent/source', 'browser', 'module', 'import', 'default'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/wave.js',
        chunkFileNames: 'assets/[name].js',
        assetFileNames: 'assets/[name][extname]',
      },
    },
  },
});
