/**
 * Country calling areas for the phone picker (spec §3 "Country entry: areaName, areaCode, regex";
 * spec §7 get country areas). China comes first: it is the default (spec §9 default area code +86).
 *
 * `regex` is a JavaScript RegExp source (compile with `new RegExp(regex)`, no flags needed) that
 * matches a MOBILE number as the member types it in the field next to the picker: the national
 * significant number, digits only, no spaces. Where the country dials a trunk prefix at home
 * (0 in most places, 8 in Russia) the prefix is accepted as optional, because members habitually
 * type it ('0912345678' in Taiwan, '07911123456' in the UK).
 *
 * China's pattern is the spec's own (§5: "optional +86 then 1 and 10 digits"). The other patterns
 * follow the mobile ranges of the ITU national numbering plans (as summarised by libphonenumber),
 * deliberately a little loose so a new operator range does not lock members out.
 *
 * Each areaCode is unique (the picker and `findCountryArea` key on it), so regions that share a
 * calling code appear once: +1 is '美国/加拿大', +7 is '俄罗斯'.
 */
export interface CountryArea {
  /** Display name, zh-CN. */
  areaName: string;
  /** Calling code with a leading '+', e.g. '+86'. */
  areaCode: string;
  /** RegExp source for a mobile number as typed (see the file comment). */
  regex: string;
}

export const COUNTRY_AREAS: readonly CountryArea[] = Object.freeze(
  [
    // Greater China — China first (default).
    { areaName: '中国', areaCode: '+86', regex: '^(\\+?86)?1\\d{10}$' },
    { areaName: '中国香港', areaCode: '+852', regex: '^[4-9]\\d{7}$' },
    { areaName: '中国澳门', areaCode: '+853', regex: '^6\\d{7}$' },
    { areaName: '中国台湾', areaCode: '+886', regex: '^0?9\\d{8}$' },
    // South-east Asia.
    { areaName: '新加坡', areaCode: '+65', regex: '^[89]\\d{7}$' },
    { areaName: '马来西亚', areaCode: '+60', regex: '^0?1(?:1\\d{8}|[02-46-9]\\d{7})$' },
    { areaName: '菲律宾', areaCode: '+63', regex: '^0?9\\d{9}$' },
    { areaName: '泰国', areaCode: '+66', regex: '^0?[689]\\d{8}$' },
    { areaName: '越南', areaCode: '+84', regex: '^0?[35789]\\d{8}$' },
    { areaName: '印度尼西亚', areaCode: '+62', regex: '^0?8\\d{8,11}$' },
    { areaName: '柬埔寨', areaCode: '+855', regex: '^0?(?:1\\d|3[18]|6[016-9]|7\\d|8[1-9]|9\\d)\\d{6,7}$' },
    { areaName: '缅甸', areaCode: '+95', regex: '^0?9\\d{7,9}$' },
    { areaName: '老挝', areaCode: '+856', regex: '^0?20\\d{8}$' },
    { areaName: '文莱', areaCode: '+673', regex: '^[78]\\d{6}$' },
    // East and south Asia.
    { areaName: '日本', areaCode: '+81', regex: '^0?[789]0\\d{8}$' },
    { areaName: '韩国', areaCode: '+82', regex: '^0?1[016-9]\\d{7,8}$' },
    { areaName: '蒙古', areaCode: '+976', regex: '^[5-9]\\d{7}$' },
    { areaName: '印度', areaCode: '+91', regex: '^0?[6-9]\\d{9}$' },
    { areaName: '巴基斯坦', areaCode: '+92', regex: '^0?3\\d{9}$' },
    { areaName: '孟加拉国', areaCode: '+880', regex: '^0?1[3-9]\\d{8}$' },
    { areaName: '斯里兰卡', areaCode: '+94', regex: '^0?7\\d{8}$' },
    { areaName: '尼泊尔', areaCode: '+977', regex: '^9[78]\\d{8}$' },
    { areaName: '马尔代夫', areaCode: '+960', regex: '^[79]\\d{6}$' },
    // Middle East.
    { areaName: '阿联酋', areaCode: '+971', regex: '^0?5[024-68]\\d{7}$' },
    { areaName: '沙特阿拉伯', areaCode: '+966', regex: '^0?5\\d{8}$' },
    { areaName: '卡塔尔', areaCode: '+974', regex: '^[3-7]\\d{7}$' },
    { areaName: '科威特', areaCode: '+965', regex: '^[569]\\d{7}$' },
    { areaName: '以色列', areaCode: '+972', regex: '^0?5\\d{8}$' },
    { areaName: '土耳其', areaCode: '+90', regex: '^0?5\\d{9}$' },
    // Oceania.
    { areaName: '澳大利亚', areaCode: '+61', regex: '^0?4\\d{8}$' },
    { areaName: '新西兰', areaCode: '+64', regex: '^0?2\\d{7,9}$' },
    // Americas.
    { areaName: '美国/加拿大', areaCode: '+1', regex: '^[2-9]\\d{2}[2-9]\\d{6}$' },
    { areaName: '墨西哥', areaCode: '+52', regex: '^[1-9]\\d{9}$' },
    { areaName: '巴西', areaCode: '+55', regex: '^0?[1-9]{2}9\\d{8}$' },
    { areaName: '阿根廷', areaCode: '+54', regex: '^9\\d{10}$' },
    { areaName: '智利', areaCode: '+56', regex: '^9\\d{8}$' },
    { areaName: '哥伦比亚', areaCode: '+57', regex: '^3\\d{9}$' },
    { areaName: '秘鲁', areaCode: '+51', regex: '^9\\d{8}$' },
    // Europe.
    { areaName: '英国', areaCode: '+44', regex: '^0?7\\d{9}$' },
    { areaName: '爱尔兰', areaCode: '+353', regex: '^0?8[35-9]\\d{7}$' },
    { areaName: '德国', areaCode: '+49', regex: '^0?1[5-7]\\d{8,9}$' },
    { areaName: '法国', areaCode: '+33', regex: '^0?[67]\\d{8}$' },
    { areaName: '意大利', areaCode: '+39', regex: '^3\\d{8,9}$' },
    { areaName: '西班牙', areaCode: '+34', regex: '^[67]\\d{8}$' },
    { areaName: '葡萄牙', areaCode: '+351', regex: '^9[1236]\\d{7}$' },
    { areaName: '荷兰', areaCode: '+31', regex: '^0?6\\d{8}$' },
    { areaName: '比利时', areaCode: '+32', regex: '^0?4[5-9]\\d{7}$' },
    { areaName: '瑞士', areaCode: '+41', regex: '^0?7[5-9]\\d{7}$' },
    { areaName: '瑞典', areaCode: '+46', regex: '^0?7[02369]\\d{7}$' },
    { areaName: '挪威', areaCode: '+47', regex: '^[49]\\d{7}$' },
    { areaName: '波兰', areaCode: '+48', regex: '^(?:45|5[0137]|6[069]|7[2389]|88)\\d{7}$' },
    { areaName: '希腊', areaCode: '+30', regex: '^69\\d{8}$' },
    { areaName: '乌克兰', areaCode: '+380', regex: '^0?(?:39|50|6[3678]|73|9[1-9])\\d{7}$' },
    { areaName: '俄罗斯', areaCode: '+7', regex: '^8?9\\d{9}$' },
    // Africa.
    { areaName: '南非', areaCode: '+27', regex: '^0?[6-8]\\d{8}$' },
    { areaName: '尼日利亚', areaCode: '+234', regex: '^0?[789][01]\\d{8}$' },
    { areaName: '埃及', areaCode: '+20', regex: '^0?1[0125]\\d{8}$' },
  ].map((area) => Object.freeze(area)),
);

/**
 * The area with this calling code, or undefined. Accepts the code with or without the '+'
 * and surrounding whitespace ('86', ' +86 ').
 */
export function findCountryArea(areaCode: string): CountryArea | undefined {
  const digits = areaCode.trim().replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(digits)) return undefined;
  return COUNTRY_AREAS.find((area) => area.areaCode === `+${digits}`);
}
