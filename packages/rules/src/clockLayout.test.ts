import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { basketballClock, isBaseballOvertime } from './clock.ts';
import { fontScale, PHONE_MAX_WIDTH, rootFontSize, shouldScrollTitle } from './layout.ts';

describe('basketballClock', () => {
  it('formats t_count seconds as mm:ss', () => {
    expect(basketballClock(0)).toBe('00:00');
    expect(basketballClock(5)).toBe('00:05');
    expect(basketballClock(65)).toBe('01:05');
    expect(basketballClock(720)).toBe('12:00');
    expect(basketballClock('599')).toBe('09:59');
    expect(basketballClock(59.9)).toBe('00:59');
    expect(basketballClock(6000)).toBe('100:00');
  });

  it('shows 00:00 for missing or negative values', () => {
    expect(basketballClock(-1)).toBe('00:00');
    expect(basketballClock('')).toBe('00:00');
    expect(basketballClock('x')).toBe('00:00');
    expect(basketballClock(Number.NaN)).toBe('00:00');
  });

  it('property: reads back to the whole seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5999 }), (s) => {
        const [mm, ss] = basketballClock(s).split(':').map(Number);
        return /^\d{2}:\d{2}$/.test(basketballClock(s)) && mm! * 60 + ss! === s && ss! < 60;
      }),
    );
  });
});

describe('isBaseballOvertime', () => {
  it('is inning 9 or later', () => {
    expect(isBaseballOvertime(8)).toBe(false);
    expect(isBaseballOvertime(9)).toBe(true);
    expect(isBaseballOvertime(12)).toBe(true);
    expect(isBaseballOvertime('9')).toBe(true);
    expect(isBaseballOvertime('')).toBe(false);
    expect(isBaseballOvertime('x')).toBe(false);
  });
});

describe('rootFontSize', () => {
  it('is 16px at the 1920 design width, proportional above', () => {
    expect(rootFontSize(1920)).toBe(16);
    expect(rootFontSize(3840)).toBe(32);
  });

  it('enlarges by 1.33 under 1600 and tapers from 1600 to 1920', () => {
    expect(fontScale(1280)).toBe(1.33);
    expect(fontScale(1600)).toBeCloseTo(1.33, 10);
    expect(fontScale(1760)).toBeCloseTo(1.165, 10);
    expect(fontScale(1920)).toBe(1);
    expect(rootFontSize(1280)).toBeCloseTo(((16 * 1280) / 1920) * 1.33, 10);
    expect(rootFontSize(1600)).toBeCloseTo(((16 * 1600) / 1920) * 1.33, 10);
  });

  it('gives a phone (up to 760 px) the design size, the desktop layout above', () => {
    expect(rootFontSize(360)).toBe(16);
    expect(rootFontSize(PHONE_MAX_WIDTH)).toBe(16);
    expect(rootFontSize(PHONE_MAX_WIDTH + 1)).toBeCloseTo(((16 * 761) / 1920) * 1.33, 10);
  });

  it('gives the design size without a usable width', () => {
    expect(rootFontSize(0)).toBe(16);
    expect(rootFontSize(Number.NaN)).toBe(16);
  });

  it('property: continuous above the phone widths and never shrinking below the small-width size as the window grows past 1920', () => {
    fc.assert(
      fc.property(fc.integer({ min: PHONE_MAX_WIDTH + 1, max: 5000 }), (w) => {
        const step = Math.abs(rootFontSize(w + 1) - rootFontSize(w));
        return step < 0.05 && rootFontSize(w) > 0;
      }),
    );
  });
});

describe('shouldScrollTitle', () => {
  it('scrolls over 15 characters', () => {
    expect(shouldScrollTitle('')).toBe(false);
    expect(shouldScrollTitle('一'.repeat(15))).toBe(false);
    expect(shouldScrollTitle('一'.repeat(16))).toBe(true);
    expect(shouldScrollTitle('a'.repeat(16))).toBe(true);
    expect(shouldScrollTitle('𠀋'.repeat(15))).toBe(false); // astral characters count once
  });
});
