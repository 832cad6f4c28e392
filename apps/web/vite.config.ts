import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type * as EndpointMeta from '../../packages/contract/src/endpointMeta.ts';

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
const SERVER_PREFIXES = [
  '/site/',
  '/fd/',
  '/game/api/',
  '/act/',
  '/stream/',
  '/dev/',
  '/docs',
  '/healthz',
  '/brand-art/',
  '/manifest.webmanifest',
] as const;

const CONTRACT_API_DIR = fileURLToPath(new URL('../../packages/contract/src/api/', import.meta.url));
const ENDPOINT_META = fileURLToPath(new URL('../../packages/contract/src/endpointMeta.ts', import.meta.url));

/**
 * The contract's endpoint objects carry zod schemas, which only the server needs at run time (the web
 * needs path/auth/idempotent/noTsToken; the types come from the real modules). In the web build and
 * dev server every packages/contract/src/api/*.ts module is replaced by its schema-free twin, derived
 * by evaluating the real module (metaModuleSource): endpoints are authored once, with `endpoint({...})`.
 * Component tests (vitest.config.ts) keep the real modules.
 */
function contractMetadata(): Plugin {
  const cache = new Map<string, Promise<{ code: string | null; dependencies: string[] }>>();
  const derive = async (file: string) => {
    const [{ module: meta }, { module: ns, dependencies }] = await Promise.all([
      runnerImport<typeof EndpointMeta>(ENDPOINT_META),
      runnerImport<Record<string, unknown>>(file),
    ]);
    return { code: meta.metaModuleSource(ns), dependencies };
  };
  return {
    name: 'portal-contract-metadata',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(CONTRACT_API_DIR) || !file.endsWith('.ts')) return null;
      let job = cache.get(file);
      if (!job) cache.set(file, (job = derive(file)));
      const { code, dependencies } = await job;
      for (const dep of [file, ...dependencies]) this.addWatchFile(dep);
      if (code === null) this.warn(`${file}: exports more than endpoints, data and schemas; bundled as is (with zod)`);
      return code;
    },
    watchChange(id) {
      cache.clear(); // dev: an edited contract file is derived again
      void id;
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes .gz and .br twins of every text file of the build; the server sends them as they are
 * (@fastify/static preCompressed) instead of compressing per request or not at all.
 */
function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((f) => COMPRESSIBLE.test(f))
          .map(async (f) => {
            const file = join(dir, f);
            const data = await readFile(file);
            if (data.length < 1024) return;
            await writeFile(`${file}.gz`, await gzipAsync(data, { level: 9 }));
            await writeFile(
              `${file}.br`,
              await brotliAsync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            );
          }),
      );
    },
  };
}

const SW_TEMPLATE = fileURLToPath(new URL('./pwa/sw.js', import.meta.url));

/**
 * Writes /sw.js (the template pwa/sw.js after VERSION and SHELL): the shell is the entry page and the
 * files of its first load (the entry chunk, its static imports, their CSS); the other chunks are cached
 * on first use. VERSION is a hash of the shell's names, so every build with new files installs anew.
 */
function serviceWorker(): Plugin {
  return {
    name: 'portal-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const first = new Set<string>();
      const visit = (name: string) => {
        const chunk = bundle[name];
        if (!chunk || chunk.type !== 'chunk' || first.has(name)) return;
        first.add(name);
        for (const css of chunk.viteMetadata?.importedCss ?? []) first.add(css);
        for (const dep of chunk.imports) visit(dep);
      };
      for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(name);
      const shell = ['/', '/favicon.svg', ...[...first].sort().map((f) => `/${f}`)];
      const version = createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 12);
      const source = await readFile(SW_TEMPLATE, 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = ${JSON.stringify(version)};\nconst SHELL = ${JSON.stringify(shell)};\n${source}`,
      });
    },
  };
}

/**
 * Modules without side effects whose packages lack the package.json flag: @rc-component/form and
 * async-validator (see below), and the workspace packages (contract, rules: constants, codecs and pure
 * functions only), so what the first paint does not use (country areas, messages …) is left out.
 */
const PURE_PACKAGES = /[\\/](node_modules[\\/]@rc-component[\\/](form|async-validator)|packages[\\/](contract|rules)[\\/]src)[\\/]/;

export default defineConfig({
  plugins: [contractMetadata(), react(), serviceWorker(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(SERVER_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, ws: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // Packages without a `sideEffects` field are kept whole once anything imports them. antd's
        // shared ContextIsolator imports only FormProvider of @rc-component/form, which pulled the
        // whole form engine (and async-validator) into the first load. These modules only declare.
        moduleSideEffects: (id) => (PURE_PACKAGES.test(id) ? false : undefined),
      },
    },
  },
});
