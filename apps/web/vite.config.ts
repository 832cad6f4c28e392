import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The API server (apps/server) listens on 8080 by default and, in production, serves this app
 * itself from apps/web/dist. Under `vite dev` every server-owned prefix is proxied to it so the SPA
 * keeps a single origin (no CORS, same headers).
 *
 * Vite matches proxy keys with `startsWith`, so the keys carry a trailing slash or the `/api/`
 * segment: a bare '/act' would also swallow the SPA route /activity/discount, and a bare '/game'
 * the SPA routes /game/sport, /game/realbet, ... which belong to the front end.
 */
const API_TARGET = process.env.PORTAL_API_URL ?? 'http://localhost:8080';
const SERVER_PREFIXES = ['/site/', '/fd/', '/game/api/', '/act/', '/stream/', '/dev/', '/docs', '/healthz'] as const;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(SERVER_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, ws: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
