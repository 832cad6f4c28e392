/**
 * zh-TW forms of server data: brand names, notices, venue, game, league and team names,
 * market labels, promotion and VIP texts are written once, in zh-CN; a zh-TW request gets each text's
 * Traditional form, converted once by OpenCC's Simplified → Taiwan converter — the converter the web's
 * translations are checked with (apps/web/src/app/zhTW.test.ts) — and kept.
 *
 * Cost. A text is converted once per process (then a Map lookup) and the forms are persisted by the owner
 * (modules/site/zhTwForms.ts), so a restarted node converts nothing it has seen before. OpenCC's dictionaries
 * take ~40–80 MB of heap and ~0.3 s to load: they are loaded only when an unknown text has to be converted,
 * in a worker thread (lib/zhTWWorker.ts: the server's own heap never holds them), and the worker ends after
 * 15 s without conversions, giving all of that memory back. A zh-CN request never reaches any of this.
 *
 * Forms given with `add` (an operator's own zh-TW text, the persisted forms) are used as they are. In an answer,
 * a text given in both languages (`names: { 'zh-CN', 'zh-TW' }`) keeps its zh-CN form under 'zh-CN'.
 */
import { createRequire } from 'node:module';
import { loadOpenCCWorker } from './zhTWWorker.ts';

/** `close`, when there: frees the dictionaries (zhTWWorker.ts ends its worker); `many`: a batch without blocking the loop. */
export type Convert = ((text: string) => string) & { close?(): void; many?(texts: string[]): Promise<string[]> };

/** Any CJK ideograph: a text without one has nothing to convert (ids, urls, amounts, codes). */
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

/** OpenCC's cn → tw converter in this thread (the UMD build, so it loads synchronously); tests and tools. */
export function loadOpenCC(): Convert {
  const OpenCC = createRequire(import.meta.url)('opencc-js/cn2t') as { Converter(o: { from: 'cn'; to: 'tw' }): Convert };
  return OpenCC.Converter({ from: 'cn', to: 'tw' });
}

export interface ZhTwOptions {
  /** The converter factory (tests count its calls); default: OpenCC in a worker thread (zhTWWorker.ts). */
  load?: () => Convert;
  /** Dictionaries are dropped after this long without a conversion (default 15 s). */
  idleMs?: number;
  /** Forms kept in memory; beyond it the converted (not the given) forms are forgotten. */
  maxForms?: number;
}

export class ZhTwForms {
  private readonly forms = new Map<string, string>();
  /** Forms given by `add`: kept when the converted ones are forgotten. */
  private readonly given = new Set<string>();
  private convert: Convert | null = null;
  private idle: ReturnType<typeof setTimeout> | null = null;
  private fresh: Array<[string, string]> = [];
  /** Conversions made (the dictionaries' work, not the lookups). */
  conversions = 0;
  /** Called (once per burst) when new forms are waiting in `takeFresh`. */
  onFresh: (() => void) | null = null;
  /** Stops the owner's timers (the store's refresh). */
  stop: () => void = () => undefined;

  constructor(private readonly opts: ZhTwOptions = {}) {}

  /** Known forms: an operator's own zh-TW text, or forms persisted earlier. */
  add(pairs: Iterable<readonly [string, string]>): void {
    for (const [cn, tw] of pairs) {
      this.forms.set(cn, tw);
      this.given.add(cn);
      // A form is its own form: an answer walked twice (a zh-TW text given alongside) keeps it.
      if (!this.given.has(tw)) {
        this.forms.set(tw, tw);
        this.given.add(tw);
      }
    }
  }

  /** The zh-TW form of a text: the known one, else converted now (once). */
  of(text: string): string {
    if (!HAN.test(text)) return text;
    const hit = this.forms.get(text);
    if (hit !== undefined) return hit;
    const tw = this.converter()(text);
    this.remember(text, tw);
    return tw;
  }

  /**
   * `deep` for the request path: the texts not known yet are converted first in one batch the worker
   * answers asynchronously, so the event loop keeps serving while its dictionaries load; then `deep` only looks up.
   */
  async deepAsync<T>(v: T): Promise<T> {
    const unknown = new Set<string>();
    this.collect(v, unknown);
    if (unknown.size) {
      const texts = [...unknown];
      const convert = this.converter();
      const tws = convert.many ? await convert.many(texts) : texts.map((t) => convert(t));
      for (let i = 0; i < texts.length; i++) this.remember(texts[i]!, tws[i]!);
    }
    return this.deep(v);
  }

  private remember(text: string, tw: string): void {
    if (this.forms.has(text)) return; // converted meanwhile by another request
    this.conversions++;
    if (this.forms.size >= (this.opts.maxForms ?? 50_000)) this.forget();
    this.forms.set(text, tw);
    if (!this.forms.has(tw)) this.forms.set(tw, tw); // its own form (see add)
    if (this.fresh.push([text, tw]) === 1) this.onFresh?.();
  }

  /** The texts of `v` that `walk` would convert and that have no form yet. */
  private collect(v: unknown, out: Set<string>): void {
    if (typeof v === 'string') {
      if (HAN.test(v) && !this.forms.has(v)) out.add(v);
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) {
      for (const x of v) this.collect(x, out);
      return;
    }
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) return;
    for (const k in v) if (k !== 'zh-CN') this.collect((v as Record<string, unknown>)[k], out);
  }

  /** A copy of an answer with every Chinese text in its zh-TW form (keys and other values as they are). */
  deep<T>(v: T): T {
    return this.walk(v) as T;
  }

  /** Forms converted since the last call (for the store). */
  takeFresh(): Array<[string, string]> {
    const out = this.fresh;
    this.fresh = [];
    return out;
  }

  /** Whether the dictionaries are loaded now. */
  get loaded(): boolean {
    return this.convert !== null;
  }

  private walk(v: unknown): unknown {
    if (typeof v === 'string') return this.of(v);
    if (typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) {
      const out = new Array<unknown>(v.length);
      for (let i = 0; i < v.length; i++) out[i] = this.walk(v[i]);
      return out;
    }
    const proto = Object.getPrototypeOf(v) as unknown;
    // Plain data only: a Date, a Buffer or a class instance goes out as it is.
    if (proto !== Object.prototype && proto !== null) return v;
    const out: Record<string, unknown> = {};
    // A text given in each language ({ 'zh-CN': …, 'zh-TW': … }) keeps its zh-CN form.
    for (const k in v) out[k] = k === 'zh-CN' ? (v as Record<string, unknown>)[k] : this.walk((v as Record<string, unknown>)[k]);
    return out;
  }

  private converter(): Convert {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      this.convert?.close?.();
      this.convert = null;
      this.idle = null;
    }, this.opts.idleMs ?? 15_000);
    this.idle.unref?.();
    return (this.convert ??= (this.opts.load ?? loadOpenCCWorker)());
  }

  private forget(): void {
    for (const k of this.forms.keys()) if (!this.given.has(k)) this.forms.delete(k);
  }
}
