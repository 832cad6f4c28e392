#!/usr/bin/env node
/**
 * Web benchmark: `npm run bench:web`.
 *
 * Builds the web app (`npx vite build` in apps/web), then reads dist/index.html for what the home
 * route loads before it can paint: the entry script, its modulepreload links and stylesheets, plus
 * the home page chunk the route table lazy-loads (with its static imports). Prints the gzip size
 * (zlib, level 9) of that JavaScript and CSS against the target ≤ 250 KB JS.
 *
 * Lighthouse (target desktop performance ≥ 90): starts the real built server (apps/server/dist, a free
 * port, a temporary DATA_DIR) serving that build, runs Lighthouse's desktop preset against the home
 * page in Debian Chromium (/usr/bin/chromium, headless) and prints the score and FCP, LCP, TBT, CLS.
 * `--no-build` reuses the current dist folders; `--no-lighthouse` prints the sizes only.
 *
 * Then the phone (bench/webPhone.mjs, issue 30; `--no-phone` leaves it out): the home route's JS on an emulated phone
 * (target ≤ 200 KB gzip) and Lighthouse's mobile preset, performance and accessibility, on home, sport and a slot.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = join(ROOT, 'apps/web');
const DIST = join(WEB, 'dist');
const TARGET_JS_KB = 250;

const skipBuild = process.argv.includes('--no-build');
const skipLighthouse = process.argv.includes('--no-lighthouse');
if (!skipBuild) {
  console.log('building apps/web (npx vite build) …');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: WEB, stdio: 'inherit' });
  if (!skipLighthouse) execFileSync('node', ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' }); // the server, if stale
}

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const entry = tags
  .filter((t) => t.startsWith('<script') && /type="module"/.test(t))
  .map((t) => attr(t, 'src'))
  .filter(Boolean);
const preloads = tags
  .filter((t) => /rel="modulepreload"/.test(t))
  .map((t) => attr(t, 'href'))
  .filter(Boolean);
const css = tags
  .filter((t) => /rel="stylesheet"/.test(t))
  .map((t) => attr(t, 'href'))
  .filter(Boolean);

const readAsset = (href) => readFileSync(join(DIST, href.replace(/^\//, '')));
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** Static imports of a chunk ('./x-abc.js' or '/assets/x.js'), resolved against /assets/. */
function staticImports(href) {
  const code = readAsset(href).toString('utf8');
  const found = new Set();
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w${}\s,*]+from\s*)?["']([^"']+\.js)["']/g)) {
    found.add(m[1].startsWith('./') ? `/assets/${m[1].slice(2)}` : m[1]);
  }
  return [...found];
}

/** The home page chunk (route-level split) and everything it statically imports that is not loaded yet. */
function homeChunks(loaded) {
  const files = readdirSync(join(DIST, 'assets'));
  const home = files.find((f) => /^HomePage-.*\.js$/.test(f));
  if (!home) return { js: [], css: [] };
  const js = new Set();
  const stack = [`/assets/${home}`];
  while (stack.length) {
    const next = stack.pop();
    if (loaded.has(next) || js.has(next)) continue;
    js.add(next);
    stack.push(...staticImports(next));
  }
  const homeCss = files.filter((f) => /^HomePage-.*\.css$/.test(f)).map((f) => `/assets/${f}`);
  return { js: [...js], css: homeCss };
}

const initialJs = [...entry, ...preloads];
const home = homeChunks(new Set(initialJs));
const jsFiles = [...initialJs, ...home.js];
const cssFiles = [...css, ...home.css];

const rows = [...jsFiles.map((f) => ['js', f]), ...cssFiles.map((f) => ['css', f])].map(([kind, f]) => {
  const buf = readAsset(f);
  return { kind, file: f, raw: buf.length, gzip: gz(buf) };
});
const sum = (kind, field) => rows.filter((r) => r.kind === kind).reduce((a, r) => a + r[field], 0);
const kb = (n) => (n / 1024).toFixed(1);

console.log('\nHome route assets (from dist/index.html + the lazy home chunk):');
for (const r of rows)
  console.log(`  ${r.kind.padEnd(3)} ${r.file.padEnd(48)} ${kb(r.raw).padStart(8)} KB raw  ${kb(r.gzip).padStart(7)} KB gzip`);
const jsGz = sum('js', 'gzip');
const cssGz = sum('css', 'gzip');
console.log(`\nJS  gzip: ${kb(jsGz)} KB  (target ≤ ${TARGET_JS_KB} KB: ${jsGz / 1024 <= TARGET_JS_KB ? 'MET' : 'NOT MET'})`);
console.log(`CSS gzip: ${kb(cssGz)} KB`);

if (skipLighthouse) process.exit(0);
const { runLighthouse } = await import('./lighthouse.mjs');
await runLighthouse();
if (!process.argv.includes('--no-phone')) await (await import('./webPhone.mjs')).runPhone();
