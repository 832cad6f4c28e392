import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The operator console: its own bundle, served by the API server at /console (apps/server/src/app.ts).
 * Under `vite dev` the console's API is proxied to the server, so the app keeps a single origin.
 */
const API_TARGET = process.env.PORTAL_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/console/api/': { target: API_TARGET } } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
});
