#!/usr/bin/env node
// npm run outbox [-- --to <phone|email> --kind sms|voice|email|captcha-image|captcha-slider --limit N]
// Prints the sandbox outbox of the running portal (GET /dev/outbox); PORTAL_URL overrides the address.
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const base = process.env.PORTAL_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;
const q = new URLSearchParams();
for (const k of ['to', 'kind', 'limit']) if (opt(k)) q.set(k, opt(k));
try {
  const res = await fetch(`${base}/dev/outbox?${q}`);
  const body = await res.json();
  if (body.status_code !== 6000) throw new Error(`${res.status} ${body.message}`);
  if (body.data.length === 0) console.log('(outbox is empty)');
  for (const e of body.data.reverse()) {
    console.log(`${e.createdAt}  ${e.kind.padEnd(14)} to ${e.to.padEnd(24)} code ${String(e.code ?? '-').padEnd(8)} ${e.text}`);
  }
} catch (e) {
  console.error(
    `cannot read the outbox at ${base}/dev/outbox: ${e.message}\n(is the portal running with sandbox providers, outside production?)`,
  );
  process.exit(1);
}
