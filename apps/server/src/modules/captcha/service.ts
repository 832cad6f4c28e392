import { LIMITS, StatusCode } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { fail } from '../../lib/errors.ts';
import { hmacHex, randomId, randomToken, safeEqualHex } from '../../lib/crypto.ts';
import { renderImageCaptcha, renderSlider, SLIDER } from '../../providers/captchaImages.ts';
import type { DevOutbox } from '../../providers/outbox.ts';
import { captchaRepository as repo } from './repository.ts';

export const KAPTCHCATE = { SLIDER: 0, IMAGE: 1, VERIFIED: 99 } as const;

export interface CaptchaAnswer {
  kaptchcate: number;
  codeId?: string | undefined;
  code?: string | undefined;
}

/** Slider answers a human makes take at least this long; faster is a script. */
const MIN_DRAG_MS = 150;

/** Our own captcha provider: image and slider challenges, single-use, expiring, bound to their ktype. */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly pepper: string,
    private readonly outbox: DevOutbox | null,
  ) {}

  private hash(id: string, answer: string): string {
    return hmacHex(this.pepper, `${id}|${answer}`);
  }

  async image(siteCode: number, ktype: number, now = Date.now()) {
    const { image, answer } = renderImageCaptcha();
    const id = randomId();
    await repo.insert(this.db, {
      id,
      site_code: siteCode,
      ktype,
      kind: 'image',
      answer_hash: this.hash(id, answer.toLowerCase()),
      meta: null,
      created_at: now,
      expires_at: now + LIMITS.CAPTCHA_TTL_S * 1000,
      used_at: null,
    });
    await this.outbox?.record(siteCode, {
      kind: 'captcha-image',
      to: `ktype:${ktype}`,
      codeId: id,
      code: answer,
      text: 'image captcha answer',
    });
    return { image, 'x-code': id };
  }

  async slider(siteCode: number, ktype: number, now = Date.now()) {
    const s = renderSlider();
    const id = randomId();
    const genTime = String(now);
    await repo.insert(this.db, {
      id,
      site_code: siteCode,
      ktype,
      kind: 'slider',
      answer_hash: this.hash(id, genTime),
      meta: String(s.x),
      created_at: now,
      expires_at: now + LIMITS.CAPTCHA_TTL_S * 1000,
      used_at: null,
    });
    await this.outbox?.record(siteCode, {
      kind: 'captcha-slider',
      to: `ktype:${ktype}`,
      codeId: id,
      code: String(s.x),
      text: 'slider gap x',
    });
    return {
      lot_number: id,
      bg: s.bg,
      piece: s.piece,
      pieceY: s.y,
      width: SLIDER.width,
      height: SLIDER.height,
      pieceSize: SLIDER.piece,
      gen_time: genTime,
      pass_token: this.hash(id, genTime),
    };
  }

  /**
   * captcha_output is base64url(JSON {x, ms}): where the piece was dropped and how long the drag took.
   * A lot is checked once: a wrong answer burns it.
   */
  async validateSlider(
    siteCode: number,
    input: { lot_number: string; captcha_output: string; pass_token: string; gen_time: string },
    now = Date.now(),
  ) {
    const row = await repo.find(this.db, input.lot_number);
    if (!row || row.kind !== 'slider' || row.site_code !== siteCode) fail(StatusCode.CODE_ERROR, { key: 'CAPTCHA_FAILED' });
    if (row.expires_at < now) fail(StatusCode.CODE_EXPIRED);
    if (input.gen_time !== String(row.created_at) || !safeEqualHex(this.hash(row.id, input.gen_time), input.pass_token)) {
      fail(StatusCode.CODE_ERROR, { key: 'CAPTCHA_FAILED' });
    }
    if (!(await repo.markUsed(this.db, row.id, now))) fail(StatusCode.CODE_ERROR, { key: 'CAPTCHA_FAILED' });
    const out = parseOutput(input.captcha_output);
    const x = Number(row.meta);
    if (!out || Math.abs(out.x - x) > LIMITS.SLIDER_TOLERANCE_PX || out.ms < MIN_DRAG_MS) {
      fail(StatusCode.CODE_ERROR, { key: 'CAPTCHA_FAILED' });
    }
    const codeId = randomId();
    const code = randomToken(7); // 10 characters: the captcha code field holds at most 10
    await repo.insert(this.db, {
      id: codeId,
      site_code: siteCode,
      ktype: row.ktype,
      kind: 'result',
      answer_hash: this.hash(codeId, code),
      meta: null,
      created_at: now,
      expires_at: now + LIMITS.CAPTCHA_TTL_S * 1000,
      used_at: null,
    });
    return { kaptchcate: 0 as const, codeId, code };
  }

  /** Check and use up a captcha result for a call of the given ktype. Missing → 6021; wrong → 6036; stale → 6038. */
  async verify(siteCode: number, ktype: number, a: CaptchaAnswer, now = Date.now()): Promise<void> {
    if (a.kaptchcate !== KAPTCHCATE.SLIDER && a.kaptchcate !== KAPTCHCATE.IMAGE) fail(StatusCode.GRAPHIC_VERIFICATION_CODE);
    if (!a.codeId || !a.code) fail(StatusCode.GRAPHIC_VERIFICATION_CODE);
    const row = await repo.find(this.db, a.codeId);
    const kind = a.kaptchcate === KAPTCHCATE.IMAGE ? 'image' : 'result';
    if (!row || row.kind !== kind || row.ktype !== ktype || row.site_code !== siteCode) fail(StatusCode.CODE_ERROR);
    if (row.expires_at < now) fail(StatusCode.CODE_EXPIRED);
    if (!(await repo.markUsed(this.db, row.id, now))) fail(StatusCode.CODE_ERROR);
    const answer = kind === 'image' ? a.code.trim().toLowerCase() : a.code;
    if (!safeEqualHex(this.hash(row.id, answer), row.answer_hash)) fail(StatusCode.CODE_ERROR);
  }
}

function parseOutput(s: string): { x: number; ms: number } | null {
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown;
    if (typeof v !== 'object' || v === null) return null;
    const { x, ms } = v as Record<string, unknown>;
    if (typeof x !== 'number' || typeof ms !== 'number' || !Number.isFinite(x) || !Number.isFinite(ms)) return null;
    return { x, ms };
  } catch {
    return null;
  }
}
