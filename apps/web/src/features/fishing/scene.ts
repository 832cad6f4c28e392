/**
 * The fishing canvas, drawn with PixiJS (WebGL, Canvas fallback; docs/fishing.md says why). Loaded only by the
 * fishing page (a dynamic import): the home bundle never carries it. Everything is drawn here — fish, cannons,
 * bullets, nets, coins — in the ocean's 1280×720 coordinates, scaled to fit the screen.
 * Each frame: the fish at the ocean's time, the seat's bullets moved and hit-tested (a touch → `onHit`, the page
 * sends the shot), effects advanced. Frame durations are kept for the bench (`frameTimes`).
 */
// The site's content security policy allows no eval: Pixi's shaders and uniforms then use its eval-free paths.
import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, GraphicsContext, Text } from 'pixi.js';
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

interface Fx {
  g: Container;
  born: number;
  life: number;
  step(g: Container, u: number): void;
}

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
  private readonly sprites = new Map<string, Container>();
  private readonly contexts = new Map<string, GraphicsContext>();
  private readonly bulletCtx = new GraphicsContext().circle(0, 0, 6).fill(0xfff59d).circle(0, 0, 3).fill(0xff6f00);
  readonly bullets = new Map<number, { b: Bullet; g: Graphics; mine: boolean; until?: number }>();
  private fx: Fx[] = [];
  private last = performance.now();
  private lastBullets = performance.now();
  private bulletSeq = 0;
  mySeat = 0;

  private constructor(
    private readonly app: Application,
    private readonly ocean: ClientOcean,
    private readonly hooks: SceneHooks,
  ) {}

  static async create(el: HTMLElement, ocean: ClientOcean, hooks: SceneHooks): Promise<FishScene> {
    const app = new Application();
    await app.init({ resizeTo: el, background: 0x0b3d5c, antialias: false, preference: 'webgl' });
    el.appendChild(app.canvas);
    const s = new FishScene(app, ocean, hooks);
    s.build();
    return s;
  }

  private build(): void {
    for (const k of FISH_KINDS) this.contexts.set(k.id, fishContext(k.id));
    const sea = new Graphics().rect(0, 0, OCEAN_W, OCEAN_H).fill(0x0e4c73);
    for (let i = 0; i < 14; i++)
      sea.circle(((i * 397) % OCEAN_W) + 20, ((i * 211) % OCEAN_H) + 10, 30 + ((i * 13) % 50)).fill({ color: 0x1b6f9e, alpha: 0.25 });
    // Nothing is drawn outside the ocean (fish entering and leaving swim under its edges).
    const mask = new Graphics().rect(0, 0, OCEAN_W, OCEAN_H).fill(0xffffff);
    this.world.addChild(sea, this.fishLayer, this.bulletLayer, this.fxLayer, mask);
    this.world.mask = mask;
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
    this.app.stage.addChild(this.world);
    this.app.stage.eventMode = 'static';
    this.app.stage.hitArea = this.app.screen;
    this.app.stage.on('pointerdown', (e) => this.hooks.onPointer(this.toOcean(e.global.x, e.global.y)));
    this.app.ticker.add(() => this.frame());
  }

  private toOcean(x: number, y: number): Point {
    const s = this.world.scale.x || 1;
    return { x: (x - this.world.x) / s, y: (y - this.world.y) / s };
  }

  private fit(): void {
    const { width, height } = this.app.screen;
    const s = Math.min(width / OCEAN_W, height / OCEAN_H);
    this.world.scale.set(s);
    this.world.position.set((width - OCEAN_W * s) / 2, (height - OCEAN_H * s) / 2);
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
    const g = new Graphics(this.bulletCtx);
    g.position.set(b.x, b.y);
    this.bulletLayer.addChild(g);
    const mine = seat === this.mySeat;
    this.bullets.set(b.id, { b, g, mine, ...(untilMs === undefined ? {} : { until: performance.now() + untilMs }) });
    return b;
  }

  /** A net where a shot landed, coins flying to the seat and the win rising when it killed. */
  landed(at: Point, seat: number, win: string | null): void {
    const now = performance.now();
    const net = new Graphics()
      .circle(0, 0, 36)
      .stroke({ color: 0xffffff, width: 3, alpha: 0.9 })
      .circle(0, 0, 20)
      .stroke({ color: 0xffffff, width: 2 });
    net.position.set(at.x, at.y);
    this.fxLayer.addChild(net);
    this.fx.push({ g: net, born: now, life: 350, step: (g, u) => (g.scale.set(0.6 + u * 0.6), (g.alpha = 1 - u)) });
    if (!win) return;
    const to = SEAT_AT[seat]!;
    for (let i = 0; i < 6; i++) {
      const coin = new Graphics().circle(0, 0, 9).fill(0xffd54f).circle(0, 0, 5).fill(0xffa000);
      this.fxLayer.addChild(coin);
      const dx = (i - 2.5) * 14;
      this.fx.push({
        g: coin,
        born: now + i * 40,
        life: 900,
        step: (g, u) => g.position.set(at.x + dx + (to.x - at.x - dx) * u * u, at.y - 40 * Math.sin(u * Math.PI) + (to.y - at.y) * u * u),
      });
    }
    const label = new Text({
      text: `+${win}`,
      style: { fill: 0xffeb3b, fontSize: 34, fontWeight: 'bold', stroke: { color: 0x4e342e, width: 4 } },
    });
    label.anchor.set(0.5);
    label.position.set(at.x, at.y);
    this.fxLayer.addChild(label);
    this.fx.push({ g: label, born: now, life: 1200, step: (g, u) => ((g.y = at.y - 60 * u), (g.alpha = 1 - Math.max(0, u - 0.6) / 0.4)) });
  }

  removeBullet(id: number): void {
    const x = this.bullets.get(id);
    if (!x) return;
    x.g.destroy();
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
    const seen = new Set<string>();
    for (const { f, p, next } of this.ocean.swimming(t)) {
      seen.add(f.id);
      let s = this.sprites.get(f.id);
      if (!s) {
        s = new Graphics(this.contexts.get(f.kind));
        if (f.multiplier >= 200) {
          const tag = new Text({ text: `${f.multiplier}×`, style: { fill: 0xffffff, fontSize: 28, fontWeight: 'bold' } });
          tag.anchor.set(0.5);
          tag.position.set(0, -70);
          s.addChild(tag);
        }
        this.sprites.set(f.id, s);
        this.fishLayer.addChild(s);
      }
      s.position.set(p.x, p.y);
      s.rotation = Math.atan2(next.y - p.y, next.x - p.x);
      const tag = s.children[0];
      if (tag) tag.rotation = -s.rotation;
    }
    for (const [id, s] of this.sprites)
      if (!seen.has(id)) {
        s.destroy({ children: true });
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
    this.fx = this.fx.filter((e) => {
      const u = (now - e.born) / e.life;
      if (u < 0) return true;
      if (u >= 1) {
        e.g.destroy();
        return false;
      }
      e.step(e.g, u);
      return true;
    });
  }

  destroy(): void {
    this.app.destroy(true, { children: true });
  }
}
