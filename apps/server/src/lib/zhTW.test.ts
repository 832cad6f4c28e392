import { describe, expect, it } from 'vitest';
import { ZhTwForms, loadOpenCC, type Convert } from './zhTW.ts';
import { loadOpenCCWorker } from './zhTWWorker.ts';

/** OpenCC, with its loads counted. */
function counted(opts: { idleMs?: number; maxForms?: number } = {}) {
  const loads = { n: 0 };
  const forms = new ZhTwForms({
    ...opts,
    load: (): Convert => {
      loads.n++;
      return loadOpenCC();
    },
  });
  return { forms, loads };
}

describe('ZhTwForms', () => {
  it('converts a text once, with OpenCC cn → tw; texts without Chinese load nothing', () => {
    const { forms, loads } = counted();
    expect(forms.of('gameId FT-1 1.95')).toBe('gameId FT-1 1.95');
    expect(loads.n).toBe(0);
    expect(forms.of('英格兰超级联赛 让球')).toBe('英格蘭超級聯賽 讓球');
    expect(forms.of('英格兰超级联赛 让球')).toBe('英格蘭超級聯賽 讓球');
    expect([forms.conversions, loads.n]).toEqual([1, 1]);
    expect(forms.takeFresh()).toEqual([['英格兰超级联赛 让球', '英格蘭超級聯賽 讓球']]);
    expect(forms.takeFresh()).toEqual([]);
  });

  it('a given form (an operator’s, a stored one) is used as it is', () => {
    const { forms, loads } = counted();
    forms.add([['台钢雄鹰', '台鋼雄鷹']]);
    expect(forms.of('台钢雄鹰')).toBe('台鋼雄鷹');
    // A form is its own form: converting an answer twice (a zh-TW text given alongside) does not change it.
    expect(forms.of('台鋼雄鷹')).toBe('台鋼雄鷹');
    expect(loads.n).toBe(0);
    expect(forms.of(forms.of('卡利亚里'))).toBe('卡利亞里'); // OpenCC itself would make 卡利亞裡 of it
  });

  it('deep copies plain data with its Chinese texts converted; keys, numbers, zh-CN forms and non-plain objects stay', () => {
    const { forms } = counted();
    const at = new Date(0);
    const data = { 单双: 1, list: [{ name: '单', names: { 'zh-CN': '单', 'zh-TW': '單' }, r: 1950, at }], ok: true, none: null };
    const out = forms.deep(data);
    expect(out).toEqual({ 单双: 1, list: [{ name: '單', names: { 'zh-CN': '单', 'zh-TW': '單' }, r: 1950, at }], ok: true, none: null });
    expect(out.list[0]!.at).toBe(at);
    expect(data.list[0]!.name).toBe('单'); // the source (a cached feed event) is not touched
  });

  it('drops the dictionaries after a quiet while and loads them again when needed', async () => {
    const { forms, loads } = counted({ idleMs: 20 });
    forms.of('篮球');
    expect(forms.loaded).toBe(true);
    await new Promise((r) => setTimeout(r, 60));
    expect(forms.loaded).toBe(false);
    expect(forms.of('篮球')).toBe('籃球');
    expect(loads.n).toBe(1);
    forms.of('网球');
    expect(loads.n).toBe(2);
  });

  it('past its size it forgets converted forms, never given ones', () => {
    const { forms } = counted({ maxForms: 2 });
    forms.add([['甲', '甲!']]);
    forms.of('乙队');
    forms.of('丙队');
    expect(forms.of('甲')).toBe('甲!');
    expect(forms.conversions).toBe(2);
    forms.of('乙队');
    expect(forms.conversions).toBe(3);
  });
});

describe('OpenCC in a worker thread (the default: the server heap never holds the dictionaries)', () => {
  it('answers what OpenCC in this thread answers, synchronously, and frees the worker on close', () => {
    const inThread = loadOpenCC();
    const inWorker = loadOpenCCWorker();
    for (const t of ['英格兰超级联赛 让球', '单/双', '翡翠湾体育 欢迎您', '发财了']) expect(inWorker(t)).toBe(inThread(t));
    inWorker.close();
    expect(() => inWorker('篮球')).toThrow();
  });

  it('ZhTwForms uses it by default and ends it after the quiet while', async () => {
    const forms = new ZhTwForms({ idleMs: 20 });
    expect(forms.of('篮球')).toBe('籃球');
    expect(forms.loaded).toBe(true);
    await new Promise((r) => setTimeout(r, 60));
    expect(forms.loaded).toBe(false);
    expect(forms.of('网球')).toBe('網球');
  });

  it('deepAsync (the request path) converts off the event loop: timers keep firing while the worker loads (issue 36)', async () => {
    const forms = new ZhTwForms({ idleMs: 5_000 });
    const answer = { title: '翡翠湾体育', list: ['篮球', 'FT-1', { name: '英格兰超级联赛' }], names: { 'zh-CN': '单/双' } };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const out = await forms.deepAsync(answer);
    clearInterval(timer);
    expect(out).toEqual({ title: '翡翠灣體育', list: ['籃球', 'FT-1', { name: '英格蘭超級聯賽' }], names: { 'zh-CN': '单/双' } });
    // Loading the dictionaries takes ~0.3 s or more: a blocked loop (Atomics.wait) would have run no timer meanwhile.
    expect(ticks).toBeGreaterThan(3);
    expect(forms.conversions).toBe(3);
    await forms.deepAsync(answer); // known now: nothing converted again
    expect(forms.conversions).toBe(3);
    expect(forms.of('篮球')).toBe('籃球');
  });
});
