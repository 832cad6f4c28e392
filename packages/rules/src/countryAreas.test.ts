import { describe, expect, it } from 'vitest';
import { COUNTRY_AREAS, findCountryArea } from '@portal/contract';

/** One real-looking mobile number per area, as a member would type it (test data, not product data). */
const SAMPLES: Record<string, string[]> = {
  '+86': ['13812345678', '8613812345678', '+8613812345678'],
  '+852': ['51234567', '91234567'],
  '+853': ['66123456'],
  '+886': ['912345678', '0912345678'],
  '+65': ['81234567', '91234567'],
  '+60': ['123456789', '0123456789', '1123456789'],
  '+63': ['9171234567', '09171234567'],
  '+66': ['812345678', '0812345678'],
  '+84': ['912345678', '0912345678'],
  '+62': ['81234567890', '812345678'],
  '+855': ['12345678', '012345678', '92123456'],
  '+95': ['92123456', '9212345678'],
  '+856': ['2023123456'],
  '+673': ['7123456'],
  '+81': ['9012345678', '09012345678'],
  '+82': ['1012345678', '01012345678'],
  '+976': ['88123456'],
  '+91': ['9876543210', '09876543210'],
  '+92': ['3012345678'],
  '+880': ['1812345678'],
  '+94': ['712345678'],
  '+977': ['9841234567'],
  '+960': ['7712345'],
  '+971': ['501234567', '0501234567'],
  '+966': ['512345678'],
  '+974': ['33123456'],
  '+965': ['50012345'],
  '+972': ['501234567'],
  '+90': ['5012345678'],
  '+61': ['412345678', '0412345678'],
  '+64': ['211234567'],
  '+1': ['2015550123', '4165550123'],
  '+52': ['5512345678'],
  '+55': ['11961234567'],
  '+54': ['91123456789'],
  '+56': ['961234567'],
  '+57': ['3211234567'],
  '+51': ['912345678'],
  '+44': ['7400123456', '07400123456'],
  '+353': ['851234567'],
  '+49': ['15123456789', '1701234567'],
  '+33': ['612345678', '0612345678'],
  '+39': ['3123456789'],
  '+34': ['612345678'],
  '+351': ['912345678'],
  '+31': ['612345678'],
  '+32': ['470123456'],
  '+41': ['781234567'],
  '+46': ['701234567'],
  '+47': ['41234567'],
  '+48': ['512345678'],
  '+30': ['6912345678'],
  '+380': ['501234567'],
  '+7': ['9123456789', '89123456789'],
  '+27': ['711234567'],
  '+234': ['8021234567'],
  '+20': ['1001234567'],
};

describe('COUNTRY_AREAS', () => {
  it('has at least 35 areas, China first with +86 and the spec regex', () => {
    expect(COUNTRY_AREAS.length).toBeGreaterThanOrEqual(35);
    expect(COUNTRY_AREAS[0]).toEqual({ areaName: '中国', areaCode: '+86', regex: '^(\\+?86)?1\\d{10}$' });
  });

  it('has unique calling codes and names', () => {
    const codes = COUNTRY_AREAS.map((a) => a.areaCode);
    const names = COUNTRY_AREAS.map((a) => a.areaName);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(names).size).toBe(names.length);
    for (const code of codes) expect(code).toMatch(/^\+\d{1,4}$/);
  });

  it.each(COUNTRY_AREAS.map((a) => [a.areaName, a] as const))('%s compiles and matches its samples', (_, area) => {
    const re = new RegExp(area.regex);
    expect(area.regex.startsWith('^') && area.regex.endsWith('$')).toBe(true);
    const samples = SAMPLES[area.areaCode];
    expect(samples, `add a sample for ${area.areaCode}`).toBeDefined();
    for (const s of samples ?? []) expect(re.test(s), `${area.areaName} ${s}`).toBe(true);
    expect(re.test(''), 'empty').toBe(false);
    expect(re.test('abc'), 'letters').toBe(false);
    expect(re.test(`${samples?.[0]} `), 'trailing space').toBe(false);
  });

  it('includes the regions the product serves', () => {
    const names = new Set(COUNTRY_AREAS.map((a) => a.areaName));
    for (const n of [
      '中国香港',
      '中国澳门',
      '中国台湾',
      '新加坡',
      '马来西亚',
      '菲律宾',
      '泰国',
      '越南',
      '印度尼西亚',
      '日本',
      '韩国',
      '柬埔寨',
      '缅甸',
      '老挝',
      '印度',
      '美国/加拿大',
      '英国',
      '澳大利亚',
    ]) {
      expect(names.has(n), n).toBe(true);
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(COUNTRY_AREAS)).toBe(true);
    expect(Object.isFrozen(COUNTRY_AREAS[0])).toBe(true);
  });
});

describe('findCountryArea', () => {
  it('finds by calling code, with or without +', () => {
    expect(findCountryArea('+86')?.areaName).toBe('中国');
    expect(findCountryArea('86')?.areaName).toBe('中国');
    expect(findCountryArea(' +852 ')?.areaName).toBe('中国香港');
    expect(findCountryArea('+1')?.areaName).toBe('美国/加拿大');
  });

  it('returns undefined for unknown or malformed codes', () => {
    expect(findCountryArea('+999')).toBeUndefined();
    expect(findCountryArea('')).toBeUndefined();
    expect(findCountryArea('+')).toBeUndefined();
    expect(findCountryArea('++86')).toBeUndefined();
    expect(findCountryArea('+86a')).toBeUndefined();
  });
});
