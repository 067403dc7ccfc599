import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorkerPlugin } from './src/pwa/service-worker-plugin.js';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), serviceWorkerPlugin()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Shared library groups are named after every page using them (`lib~a-page~b-page~…`, up to 120 characters):
        // each name is repeated in every importer and in the preload list of every lazy page (route-pages alone
        // carried ~40 KB of them), so they get a short name; their content hash still tells builds apart.
        chunkFileNames: (chunk) => (chunk.name.startsWith('lib~') ? 'assets/lib-[hash].js' : 'assets/[name]-[hash].js'),
        // Fewer, larger files on the first load: the browser opens six connections per host, and ~90 small chunks
        // queued the profile call behind them. Libraries every page needs form two chunks; the rest of
        // node_modules is grouped by the set of pages that use it, so a page still loads only what it uses
        // (groups under 2 kB join their nearest neighbour rather than being a file of their own).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 2 },
            { name: 'lib', test: /node_modules/, entriesAware: true, entriesAwareMergeThreshold: 2000, priority: 1 },
          ],
        },
      },
    },
  },
});
