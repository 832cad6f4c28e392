import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@portal/contract';
import { createHarness, type Harness } from '../../test/harness.ts';
import { expectFail, freshMember, memberRow, ok, U } from '../../test/flows.ts';
import { GIF_1X1, b64, dataUrl, jpegHeader, png, webpHeader } from './fixtures.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const upload = (token: string, image: string, purpose = 'avatar') => h.call(`${U}upload/uploadImage`, { purpose, image }, { token });

describe('upload/uploadImage', () => {
  it('stores a PNG content-addressed and serves it back with its type, nosniff and a script-proof CSP', async () => {
    const m = await freshMember(h);
    const file = png(40, 30);
    const r = ok(await upload(m.token, dataUrl(file)));
    expect(r.data).toMatchObject({ mime: 'image/png', width: 40, height: 30, bytes: file.length });
    expect(r.data.url).toMatch(/^\/uploads\/[0-9a-f]{64}$/);
    const got = await h.app.inject({ method: 'GET', url: r.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toContain("default-src 'none'");
    expect(got.headers['content-security-policy']).toContain('sandbox');
    expect(got.rawPayload.equals(file)).toBe(true);
  });

  it('the same bytes twice: one stored file, two uploads (each with its own id)', async () => {
    const m = await freshMember(h);
    const file = png(7, 7, [1, 2, 3]);
    const blobs = await h.count('upload_blobs');
    const a = ok(await upload(m.token, b64(file))).data;
    const b = ok(await upload(m.token, b64(file), 'feedback')).data;
    expect(a.url).toBe(b.url);
    expect(a.id).not.toBe(b.id);
    expect(await h.count('upload_blobs')).toBe(blobs + 1);
  });

  it('JPEG, WebP and GIF are judged by their bytes, not by the declared type', async () => {
    const m = await freshMember(h);
    expect(ok(await upload(m.token, dataUrl(jpegHeader(800, 600), 'image/png'))).data).toMatchObject({
      mime: 'image/jpeg',
      width: 800,
      height: 600,
    });
    expect(ok(await upload(m.token, dataUrl(webpHeader(64, 64), 'application/octet-stream'))).data.mime).toBe('image/webp');
    expect(ok(await upload(m.token, b64(GIF_1X1))).data.mime).toBe('image/gif');
  });

  it('a file that is not an image → 6010 with the type message, nothing stored', async () => {
    const m = await freshMember(h);
    const before = await h.count('uploads');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectFail(await upload(m.token, dataUrl(svg, 'image/png')), 6010, '仅支持PNG、JPG、WEBP、GIF格式的图片');
    expectFail(await upload(m.token, 'not base64!'), 6010, '仅支持PNG、JPG、WEBP、GIF格式的图片');
    expect(await h.count('uploads')).toBe(before);
  });

  it(`over ${LIMITS.UPLOAD_MAX_BYTES} bytes → 6010 图片大小不能超过2MB; exactly the limit is accepted`, async () => {
    const m = await freshMember(h);
    const base = png(10, 10, [9, 9, 9]).length;
    // The tEXt chunk adds 12 bytes of framing around its data.
    const exact = png(10, 10, [9, 9, 9], LIMITS.UPLOAD_MAX_BYTES - base - 12);
    expect(exact.length).toBe(LIMITS.UPLOAD_MAX_BYTES);
    ok(await upload(m.token, b64(exact)));
    const over = png(10, 10, [9, 9, 9], LIMITS.UPLOAD_MAX_BYTES - base - 11);
    expectFail(await upload(m.token, b64(over)), 6010, '图片大小不能超过2MB');
    // zh-TW too.
    const tw = await h.call(
      `${U}upload/uploadImage`,
      { purpose: 'avatar', image: b64(over) },
      { token: m.token, headers: { 'x-lang': 'zh-TW' } },
    );
    expectFail(tw, 6010, '圖片大小不能超過2MB');
  });

  it(`wider or taller than ${LIMITS.UPLOAD_MAX_SIDE_PX} px → 6010 with the dimension message`, async () => {
    const m = await freshMember(h);
    ok(await upload(m.token, b64(jpegHeader(LIMITS.UPLOAD_MAX_SIDE_PX, LIMITS.UPLOAD_MAX_SIDE_PX))));
    expectFail(await upload(m.token, b64(jpegHeader(LIMITS.UPLOAD_MAX_SIDE_PX + 1, 10))), 6010, '图片尺寸不能超过4096×4096像素');
    expectFail(await upload(m.token, b64(webpHeader(10, LIMITS.UPLOAD_MAX_SIDE_PX + 1))), 6010, '图片尺寸不能超过4096×4096像素');
  });

  it('needs a login, a known purpose and no extra fields', async () => {
    expectFail(await h.call(`${U}upload/uploadImage`, { purpose: 'avatar', image: b64(GIF_1X1) }), 6001);
    const m = await freshMember(h);
    expectFail(await upload(m.token, b64(GIF_1X1), 'evil'), 6007);
    expectFail(await h.call(`${U}upload/uploadImage`, { purpose: 'avatar', image: b64(GIF_1X1), memberId: 'x' }, { token: m.token }), 6007);
  });

  it(`per-member budget: ${LIMITS.UPLOADS_PER_MEMBER_PER_HOUR} an hour, then 6011 (another member is not affected)`, async () => {
    const m = await freshMember(h);
    const other = await freshMember(h);
    for (let i = 0; i < LIMITS.UPLOADS_PER_MEMBER_PER_HOUR; i++) ok(await upload(m.token, b64(GIF_1X1)));
    const r = await upload(m.token, b64(GIF_1X1));
    expectFail(r, 6011);
    expect(r.data.retryAfter).toBeGreaterThan(0);
    ok(await upload(other.token, b64(GIF_1X1)));
  });

  it('an unknown image → 404 envelope; a malformed hash too', async () => {
    for (const url of [`/uploads/${'0'.repeat(64)}`, '/uploads/..%2Fetc%2Fpasswd', '/uploads/abc']) {
      const r = await h.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(404);
      expect(r.json().status_code).toBe(6004);
    }
  });
});

describe('avatarList / addAvatar', () => {
  it('lists the presets; each is served as an SVG with the file headers', async () => {
    const m = await freshMember(h);
    const r = ok(await h.call(`${U}avatarList`, {}, { token: m.token })).data;
    expect(r.current).toBeNull();
    expect(r.list.length).toBeGreaterThanOrEqual(8);
    const got = await h.app.inject({ method: 'GET', url: r.list[0].url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toContain('image/svg+xml');
    expect(got.headers['content-security-policy']).toContain('sandbox');
    expect(got.body).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    expect((await h.app.inject({ method: 'GET', url: '/avatars/p99.svg' })).statusCode).toBe(404);
  });

  it('sets a preset; member/info and avatarList show it', async () => {
    const m = await freshMember(h);
    const list = ok(await h.call(`${U}avatarList`, {}, { token: m.token })).data.list;
    const r = ok(await h.call(`${U}addAvatar`, { avatarId: list[2].id }, { token: m.token }));
    expect(r.data.avatar).toBe(list[2].url);
    expect(ok(await h.call(`${U}member/info`, {}, { token: m.token })).data.avatar).toBe(list[2].url);
    expect(ok(await h.call(`${U}avatarList`, {}, { token: m.token })).data.current).toBe(list[2].url);
    expectFail(await h.call(`${U}addAvatar`, { avatarId: 'p99' }, { token: m.token }), 6004, '头像不存在');
    expectFail(await h.call(`${U}addAvatar`, {}, { token: m.token }), 6007);
    expectFail(await h.call(`${U}addAvatar`, { avatarId: list[0].id, uploadId: 'x' }, { token: m.token }), 6007);
  });

  it('sets an own avatar upload; another member cannot attach it, nor a feedback upload be used', async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    const up = ok(await upload(a.token, b64(png(64, 64, [10, 200, 90])))).data;
    const fb = ok(await upload(a.token, b64(png(5, 5, [1, 1, 1])), 'feedback')).data;
    expectFail(await h.call(`${U}addAvatar`, { uploadId: up.id }, { token: b.token }), 6004, '图片不存在或已失效');
    expect((await memberRow(h, b.userId))!.avatar).toBeNull();
    expectFail(await h.call(`${U}addAvatar`, { uploadId: fb.id }, { token: a.token }), 6004);
    expect(ok(await h.call(`${U}addAvatar`, { uploadId: up.id }, { token: a.token })).data.avatar).toBe(up.url);
    expect((await memberRow(h, a.userId))!.avatar).toBe(up.url);
    expect(ok(await h.call(`${U}avatarList`, {}, { token: b.token })).data.current).toBeNull();
  });

  it('attachable(): only the member’s own uploads of that purpose', async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    const fa = ok(await upload(a.token, b64(GIF_1X1), 'feedback')).data;
    const fb = ok(await upload(b.token, b64(GIF_1X1), 'feedback')).data;
    expect((await h.s.uploads.attachable(a.userId, [fa.id], 'feedback')).map((r) => r.id)).toEqual([fa.id]);
    await expect(h.s.uploads.attachable(a.userId, [fa.id, fb.id], 'feedback')).rejects.toMatchObject({ code: 6004 });
    await expect(h.s.uploads.attachable(a.userId, [fa.id], 'avatar')).rejects.toMatchObject({ code: 6004 });
  });
});
