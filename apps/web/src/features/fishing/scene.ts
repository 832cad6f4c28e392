/**
 * The fishing canvas, drawn with PixiJS (WebGL, Canvas fallback; docs/fishing.md says why). Loaded only by the
 * fishing page (a dynamic import): the home bundle never carries it. Everything is drawn here — fish, cannons,
 * bullets, nets, coins — in the ocean's 1280×720 coordinates, scaled to fit the screen.
 * Each frame: the fish at the ocean's time, the seat's bullets moved and hit-tested (a touch → `onHit`, the page
 * sends the shot), effects advanced. Frame durations are kept for the bench (`frameTimes`).
 * Kept cheap for phones and GPU-less machines (bench:fishing measures it): every fish kind, the bullet, the net and
 * the coin are drawn ONCE into textures (vector drawing is re-tessellated per frame otherwise) and shown as sprites
 * taken from pools (nothing created or destroyed per frame; the loop reuses its sets), the sea is the
 * page's CSS background (the canvas is transparent: no full-screen fill), no stencil mask (two bands cover the
 * letterbox instead), and the pixel density is capped at MAX_RESOLUTION.
 */
// The site's content security policy allows no eval: Pixi's shaders and uniforms then use its eval-free paths.
import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, GraphicsContext, Sprite, Text, type Texture } from 'pixi.js';
import { FISH_KINDS, OCEAN_H, OCEAN_W, fishKind, type Fish, type Point } from '@portal/games';
import { BULLET_LIFE_MS, SEAT_AT, aimBullet, moveBullet, type Bullet, type ClientOcean } from './ocean.ts';

export interface SceneHooks {
  /** A tap or click on the ocean (ocean coordinates). */
  onPointer(p: Point): void;
  /** One of this seat's bullets touched a fish. */
  onHit(b: Bullet, f: Fish): void;
}

export interface SeatView {
  seat: number;
  name: string;
  level: number;
  me: boolean;
}

/** The canvas's pixel density at most (a phone's 3× would paint 9× the pixels of 1×). */
export const MAX_RESOLUTION = 1.5;

interface Fx {
  g: Container;
  /** The pool it goes back to when done (else destroyed). */
  pool?: Container[];
  born: number;
  life: number;
  step(g: Container, u: number): void;
}

/** The page's colour around the ocean (fishing.css .fish-page). */
const LETTERBOX = 0x06263a;

function fishContext(kindId: string): GraphicsContext {
  const k = fishKind(kindId)!;
  const r = k.radius;
  const [body, fin] = k.colors;
  const c = new GraphicsContext();
  c.poly([-r * 0.7, 0, -r * 1.5, -r * 0.6, -r * 1.5, r * 0.6]).fill(fin);
  c.ellipse(0, 0, r, r * 0.6).fill(body);
  c.poly([-r * 0.1, -r * 0.5, r * 0.3, -r * 0.95, r * 0.5, -r * 0.45]).fill(fin);
  c.circle(r * 0.55, -r * 0.15, Math.max(2, r * 0.12)).fill(0xffffff);
  c.circle(r * 0.6, -r * 0.15, Math.max(1, r * 0.06)).fill(0x111111);
  if (k.special === 'bomb')
    c.circle(0, 0, r * 0.35)
      .fill(0x212121)
      .circle(r * 0.2, -r * 0.35, r * 0.12)
      .fill(0xffab00);
  if (k.special === 'chain')
    c.poly([-r * 0.2, -r * 0.4, r * 0.15, -r * 0.05, -r * 0.05, 0, r * 0.2, r * 0.4, -r * 0.15, r * 0.05, 0.05 * r, 0]).fill(0xffff00);
  if (k.special === 'freeze') c.star(0, 0, 6, r * 0.45, r * 0.2).fill(0xffffff);
  if (k.boss) c.ellipse(-r * 0.1, r * 0.2, r * 0.7, r * 0.22).fill(0x90caf9);
  return c;
}

export class FishScene {
  readonly frameTimes: number[] = [];
  private readonly world = new Container();
  private readonly fishLayer = new Container();
  private readonly bulletLayer = new Container();
  private readonly fxLayer = new Container();
  private readonly cannons: Container[] = [];
  private readonly labels: Text[] = [];
  private readonly sprites = new Map<string, Sprite>();
  /** Each kind's texture (drawn once) and its pool of idle sprites. */
  private readonly kinds = new Map<string, { tex: Texture; pool: Sprite[] }>();
  private bulletTex!: Texture;
  private netTex!: Texture;
  private coinTex!: Texture;
  private readonly bulletPool: Sprite[] = [];
  private readonly netPool: Container[] = [];
  private readonly coinPool: Container[] = [];
  private readonly textPool: Container[] = [];
  private readonly letterbox = new Graphics();
  private readonly seen = new Set<string>();
  /** Each fish sprite's pool (its kind's). */
  private readonly poolOf = new Map<Sprite, Sprite[]>();
  readonly bullets = new Map<number, { b: Bullet; g: Sprite; mine: boolean; until?: number }>();
  private fx: Fx[] = [];
  private last = performance.now();
  private lastBullets = performance.now();
  private bulletSeq = 0;
  private fitted = { w: 0, h: 0 };
  mySeat = 0;

  private constructor(
    private readonly app: Application,
    private readonly ocean: ClientOcean,
    private readonly hooks: SceneHooks,
  ) {}

  static async create(el: HTMLElement, ocean: ClientOcean, hooks: SceneHooks): Promise<FishScene> {
    const app = new Application();
    await app.init({
      resizeTo: el,
      backgroundAlpha: 0,
      antialias: false,
      preference: 'webgl',
      resolution: Math.min(window.devicePixelRatio || 1, MAX_RESOLUTION),
      autoDensity: true,
    });
    el.appendChild(app.canvas);
    const s = new FishScene(app, ocean, hooks);
    s.build();
    return s;
  }

  /** A drawing rendered once into a texture; the sprite's anchor is the drawing's origin. */
  private bake(ctx: GraphicsContext): { tex: Texture; ax: number; ay: number } {
    const g = new Graphics(ctx);
    const b = g.getLocalBounds();
    const tex = this.app.renderer.generateTexture({ target: g, resolution: Math.max(1, this.app.renderer.resolution) });
    g.destroy();
    return { tex, ax: -b.x / b.width, ay: -b.y / b.height };
  }

  private readonly anchors = new Map<Texture, { ax: number; ay: number }>();
  private baked(ctx: GraphicsContext): Texture {
    const { tex, ax, ay } = this.bake(ctx);
    this.anchors.set(tex, { ax, ay });
    return tex;
  }

  private sprite(tex: Texture): Sprite {
    const s = new Sprite(tex);
    const a = this.anchors.get(tex);
    if (a) s.anchor.set(a.ax, a.ay);
    return s;
  }

  private build(): void {
    for (const k of FISH_KINDS) this.kinds.set(k.id, { tex: this.baked(fishContext(k.id)), pool: [] });
    this.bulletTex = this.baked(new GraphicsContext().circle(0, 0, 6).fill(0xfff59d).circle(0, 0, 3).fill(0xff6f00));
    this.netTex = this.baked(
      new GraphicsContext()
        .circle(0, 0, 36)
        .stroke({ color: 0xffffff, width: 3, alpha: 0.9 })
        .circle(0, 0, 20)
        .stroke({ color: 0xffffff, width: 2 }),
    );
    this.coinTex = this.baked(new GraphicsContext().circle(0, 0, 9).fill(0xffd54f).circle(0, 0, 5).fill(0xffa000));
    this.world.addChild(this.fishLayer, this.bulletLayer, this.fxLayer);
    for (const [i, at] of SEAT_AT.entries()) {
      const c = new Container();
      c.position.set(at.x, at.y);
      const base = new Graphics().circle(0, 0, 46).fill({ color: 0x263238, alpha: 0.85 });
      const barrel = new Graphics().roundRect(0, -11, 64, 22, 8).fill(0xffc107).roundRect(40, -14, 26, 28, 6).fill(0xff8f00);
      barrel.label = 'barrel';
      barrel.rotation = i < 2 ? -Math.PI / 2 : Math.PI / 2;
      c.addChild(base, barrel);
      c.visible = false;
      this.cannons.push(c);
      const label = new Text({ text: '', style: { fill: 0xffffff, fontSize: 18, fontWeight: 'bold' } });
      label.anchor.set(0.5);
      label.position.set(at.x + (i === 0 || i === 3 ? -110 : 110), at.y + (i < 2 ? -22 : 22));
      this.labels.push(label);
      this.world.addChild(c, label);
    }
    this.app.stage.addChild(this.world, this.letterbox);
    this.app.stage.eventMode = 'static';
    this.app.stage.hitArea = this.app.screen;
    this.app.stage.on('pointerdown', (e) => this.hooks.onPointer(this.toOcean(e.global.x, e.global.y)));
    this.app.ticker.add(() => this.frame());
  }

  private toOcean(x: number, y: number): Point {
    const s = this.world.scale.x || 1;
    return { x: (x - this.world.x) / s, y: (y - this.world.y) / s };
  }

  /** The ocean fitted to the screen; outside it (fish entering and leaving) two bands of the page's colour cover. */
  private fit(): void {
    const { width, height } = this.app.screen;
    if (width === this.fitted.w && height === this.fitted.h) return;
    this.fitted = { w: width, h: height };
    const s = Math.min(width / OCEAN_W, height / OCEAN_H);
    const x = (width - OCEAN_W * s) / 2;
    const y = (height - OCEAN_H * s) / 2;
    this.world.scale.set(s);
    this.world.position.set(x, y);
    this.letterbox.clear();
    if (x > 0.5)
      this.letterbox
        .rect(0, 0, x + 1, height)
        .rect(width - x - 1, 0, x + 1, height)
        .fill(LETTERBOX);
    if (y > 0.5)
      this.letterbox
        .rect(0, 0, width, y + 1)
        .rect(0, height - y - 1, width, y + 1)
        .fill(LETTERBOX);
  }

  seats(views: readonly SeatView[]): void {
    for (const [i, c] of this.cannons.entries()) {
      const v = views.find((x) => x.seat === i);
      c.visible = !!v;
      this.labels[i]!.text = v ? `${v.me ? '★ ' : ''}${v.name} · ${v.level + 1}` : '';
      if (v?.me) this.mySeat = i;
    }
  }

  aim(seat: number, angle: number): void {
    const barrel = this.cannons[seat]?.getChildByLabel('barrel');
    if (barrel) barrel.rotation = angle;
  }

  /** A bullet from a seat towards a point: this seat's is hit-tested; another seat's flies to its fish and vanishes. */
  fire(seat: number, to: Point, target?: string, untilMs?: number): Bullet {
    const from = SEAT_AT[seat]!;
    this.aim(seat, Math.atan2(to.y - from.y, to.x - from.x));
    const b = aimBullet(++this.bulletSeq, from, to, performance.now(), target);
    const g = this.bulletPool.pop() ?? this.bulletLayer.addChild(this.sprite(this.bulletTex));
    g.visible = true;
    g.position.set(b.x, b.y);
    const mine = seat === this.mySeat;
    this.bullets.set(b.id, { b, g, mine, ...(untilMs === undefined ? {} : { until: performance.now() + untilMs }) });
    return b;
  }

  /** A net where a shot landed, coins flying to the seat and the win rising when it killed. */
  landed(at: Point, seat: number, win: string | null): void {
    const now = performance.now();
    const net = this.take(this.netPool, () => this.sprite(this.netTex));
    net.position.set(at.x, at.y);
    this.fx.push({ g: net, pool: this.netPool, born: now, life: 350, step: (g, u) => (g.scale.set(0.6 + u * 0.6), (g.alpha = 1 - u)) });
    if (!win) return;
    const to = SEAT_AT[seat]!;
    for (let i = 0; i < 6; i++) {
      const coin = this.take(this.coinPool, () => this.sprite(this.coinTex));
      coin.position.set(at.x, at.y);
      const dx = (i - 2.5) * 14;
      this.fx.push({
        g: coin,
        pool: this.coinPool,
        born: now + i * 40,
        life: 900,
        step: (g, u) => g.position.set(at.x + dx + (to.x - at.x - dx) * u * u, at.y - 40 * Math.sin(u * Math.PI) + (to.y - at.y) * u * u),
      });
    }
    const label = this.take(
      this.textPool,
      () =>
        new Text({
          text: '',
          style: { fill: 0xffeb3b, fontSize: 34, fontWeight: 'bold', stroke: { color: 0x4e342e, width: 4 } },
          anchor: 0.5,
        }),
    ) as Text;
    label.text = `+${win}`;
    label.position.set(at.x, at.y);
    this.fx.push({
      g: label,
      pool: this.textPool,
      born: now,
      life: 1200,
      step: (g, u) => ((g.y = at.y - 60 * u), (g.alpha = 1 - Math.max(0, u - 0.6) / 0.4)),
    });
  }

  /** An idle effect from its pool (or a new one), shown and reset. */
  private take(pool: Container[], make: () => Container): Container {
    const g = pool.pop() ?? this.fxLayer.addChild(make());
    g.visible = true;
    g.alpha = 1;
    g.scale.set(1);
    return g;
  }

  removeBullet(id: number): void {
    const x = this.bullets.get(id);
    if (!x) return;
    x.g.visible = false;
    this.bulletPool.push(x.g);
    this.bullets.delete(id);
  }

  /** Fish drawn at a position (tests and the e2e read where a fish is on the screen). */
  screenOf(p: Point): Point {
    const s = this.world.scale.x || 1;
    return { x: this.world.x + p.x * s, y: this.world.y + p.y * s };
  }

  private frame(): void {
    const now = performance.now();
    const dt = Math.min(50, now - this.last);
    this.frameTimes.push(now - this.last);
    if (this.frameTimes.length > 600) this.frameTimes.shift();
    this.last = now;
    this.fit();
    const t = this.ocean.timeAt(now);
    const seen = this.seen;
    seen.clear();
    for (const { f, p, next } of this.ocean.swimming(t)) {
      seen.add(f.id);
      let s = this.sprites.get(f.id);
      if (!s) {
        const kind = this.kinds.get(f.kind)!;
        s = kind.pool.pop() ?? this.fishLayer.addChild(this.sprite(kind.tex));
        this.poolOf.set(s, kind.pool);
        s.visible = true;
        if (f.multiplier >= 200) {
          let tag = s.children[0] as Text | undefined;
          if (!tag) {
            tag = new Text({ text: '', style: { fill: 0xffffff, fontSize: 28, fontWeight: 'bold' }, anchor: 0.5 });
            tag.position.set(0, -70);
            s.addChild(tag);
          }
          tag.text = `${f.multiplier}×`;
        }
        this.sprites.set(f.id, s);
      }
      s.position.set(p.x, p.y);
      s.rotation = Math.atan2(next.y - p.y, next.x - p.x);
      const tag = s.children[0];
      if (tag) tag.rotation = -s.rotation;
    }
    for (const [id, s] of this.sprites)
      if (!seen.has(id)) {
        s.visible = false;
        this.poolOf.get(s)?.push(s);
        this.sprites.delete(id);
      }
    // Bullets move in steps of at most 16 ms of their flight (a slow frame sweeps the whole path), each step tested.
    const flight = Math.min(1_500, now - this.lastBullets);
    this.lastBullets = now;
    for (const [id, x] of this.bullets) {
      let hitFish: Fish | null = null;
      for (let done = 0; done < flight && !hitFish; done += 16) {
        const step = Math.min(16, flight - done);
        moveBullet(x.b, step);
        if (x.mine) hitFish = this.ocean.hit({ x: x.b.x, y: x.b.y }, this.ocean.timeAt(now - flight + done + step), x.b.target);
      }
      x.g.position.set(x.b.x, x.b.y);
      x.g.rotation += dt * 0.02;
      if (hitFish) {
        this.removeBullet(id);
        this.hooks.onHit(x.b, hitFish);
        continue;
      }
      if (now - x.b.born > BULLET_LIFE_MS || (x.until !== undefined && now > x.until)) this.removeBullet(id);
    }
    let kept = 0;
    for (const e of this.fx) {
      const u = (now - e.born) / e.life;
      if (u >= 1) {
        e.g.visible = false;
        if (e.pool) e.pool.push(e.g);
        else e.g.destroy();
        continue;
      }
      if (u >= 0) e.step(e.g, u);
      this.fx[kept++] = e;
    }
    this.fx.length = kept;
  }

  destroy(): void {
    this.app.destroy(true, { children: true });
  }
}
