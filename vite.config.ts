import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverUrl = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: 'src/web',
  // Copied as is: the browser check index.html loads before the bundle (no inline script under the CSP).
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Never shipped: the server refuses `*.map` too (src/server/http/spa.ts).
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': serverUrl,
      '/edocsign': serverUrl,
      '/static': serverUrl,
      '/front_conf.json': serverUrl,
      '/socket.io': { target: serverUrl, ws: true },
    },
  },
});
