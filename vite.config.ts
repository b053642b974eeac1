import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverUrl = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
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
