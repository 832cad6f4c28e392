import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ageOn, daysInMonth, parseIsoDate, validateBirthday, validateRealName } from './person.ts';

const BAD_NAME = '请输入正确的姓名';

describe('validateRealName', () => {
  it('is required', () => {
    expect(validateRealName('')).toBe('请输入真实姓名');
    expect(validateRealName('   ')).toBe('请输入真实姓名');
  });

  it('accepts Chinese names, dotted minority names and Latin names with dots', () => {
    for (const ok of [
      '张三',
      '张三丰',
      '欧阳娜娜',
      '李',
      '阿卜杜·热合曼',
      '迪丽热巴·迪力木拉提',
      'John',
      'John·Smith',
      'Mary·Jane·Watson',
      '张A三',
    ]) {
      expect(validateRealName(ok), ok).toBeNull();
    }
  });

  it('rejects middle dots at the ends or doubled', () => {
    for (const bad of ['·张三', '张三·', '张··三', '·', '··', 'John··Smith', '·John', 'John·']) {
      expect(validateRealName(bad), bad).toBe(BAD_NAME);
    }
  });

  it('rejects other characters: spaces, digits, other dots, full-width letters, emoji', () => {
    for (const bad of [
      '张 三',
      ' 张三',
      'John Smith',
      '张三1',
      '张三.丰',
      '张三•丰',
      '张三・丰',
      '张三．丰',
      'Ｊｏｈｎ',
      '张三😀',
      'José',
    ]) {
      expect(validateRealName(bad), bad).toBe(BAD_NAME);
    }
  });

  it('mixed names must be Chinese at both ends', () => {
    expect(validateRealName('A张三')).toBe(BAD_NAME);
    expect(validateRealName('张三A')).toBe(BAD_NAME);
    expect(validateRealName('张·John')).toBe(BAD_NAME);
    expect(validateRealName('John·张')).toBe(BAD_NAME);
  });

  it('is at most 30 characters', () => {
    expect(validateRealName('张'.repeat(30))).toBeNull();
    expect(validateRealName('张'.repeat(31))).toBe(BAD_NAME);
  });

  it('property: Chinese segments joined by single dots pass; a dot at either end fails', () => {
    const han = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCharCode(c));
    const segment = fc.array(han, { minLength: 1, maxLength: 4 }).map((a) => a.join(''));
    const name = fc.array(segment, { minLength: 1, maxLength: 3 }).map((a) => a.join('·'));
    fc.assert(
      fc.property(
        name,
        (n) => validateRealName(n) === null && validateRealName(`·${n}`) === BAD_NAME && validateRealName(`${n}·`) === BAD_NAME,
      ),
    );
  });
});

describe('dates', () => {
  it('parses real calendar dates only', () => {
    expect(parseIsoDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseIsoDate('1900-02-29')).toBeNull();
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2023-04-31')).toBeNull();
    expect(parseIsoDate('2023-13-01')).toBeNull();
    expect(parseIsoDate('2023-00-10')).toBeNull();
    expect(parseIsoDate('2023-1-01')).toBeNull();
    expect(parseIsoDate('2023/01/01')).toBeNull();
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
  });

  it('ageOn counts birthdays by the calendar', () => {
    expect(ageOn({ year: 2008, month: 11, day: 21 }, { year: 2026, month: 11, day: 20 })).toBe(17);
    expect(ageOn({ year: 2008, month: 11, day: 21 }, { year: 2026, month: 11, day: 21 })).toBe(18);
  });
});

describe('validateBirthday', () => {
  const on = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12, 0, 0);

  it('is required', () => {
    expect(validateBirthday('', on(2026, 1, 1))).toBe('请选择生日');
    expect(validateBirthday('  ', on(2026, 1, 1))).toBe('请选择生日');
  });

  it('rejects malformed, impossible, ancient and future dates', () => {
    const today = on(2026, 11, 21);
    for (const bad of ['2000-02-30', '2001-02-29', 'abc', '2000/01/01', '20000101', '1899-12-31', '2026-11-22', '2027-01-01']) {
      expect(validateBirthday(bad, today), bad).toBe('请选择正确的生日');
    }
  });

  it('is 18 exactly on the 18th birthday', () => {
    expect(validateBirthday('2008-11-21', on(2026, 11, 20))).toBe('您的年龄未满18，无法游戏哦');
    expect(validateBirthday('2008-11-21', on(2026, 11, 21))).toBeNull();
    expect(validateBirthday('2008-11-21', new Date(2026, 10, 21, 0, 0, 0))).toBeNull(); // first moment of the day
    expect(validateBirthday('2008-11-21', new Date(2026, 10, 20, 23, 59, 59))).toBe('您的年龄未满18，无法游戏哦');
  });

  it('a 29 February birthday reaches 18 on 1 March of a common year', () => {
    expect(validateBirthday('2008-02-29', on(2026, 2, 28))).toBe('您的年龄未满18，无法游戏哦');
    expect(validateBirthday('2008-02-29', on(2026, 3, 1))).toBeNull();
    expect(validateBirthday('2004-02-29', on(2022, 2, 28))).toBe('您的年龄未满18，无法游戏哦');
    expect(validateBirthday('2004-02-29', on(2022, 3, 1))).toBeNull();
  });

  it('today itself is a valid (under-age) birthday', () => {
    expect(validateBirthday('2026-11-21', on(2026, 11, 21))).toBe('您的年龄未满18，无法游戏哦');
  });

  it('property: 18 years before today (or earlier) passes, later fails', () => {
    const day = fc.date({ min: new Date(1990, 0, 1), max: new Date(2090, 11, 31), noInvalidDate: true });
    fc.assert(
      fc.property(day, (today) => {
        const y = today.getFullYear() - 18;
        const m = today.getMonth() + 1;
        let d = today.getDate();
        if (m === 2 && d === 29) d = 28; // the same day 18 years ago may not exist
        const pad = (n: number) => String(n).padStart(2, '0');
        const eighteen = `${y}-${pad(m)}-${pad(d)}`;
        const tooYoung = `${y + 1}-${pad(m)}-${pad(d)}`;
        return validateBirthday(eighteen, today) === null && validateBirthday(tooYoung, today) === '您的年龄未满18，无法游戏哦';
      }),
    );
  });
});
