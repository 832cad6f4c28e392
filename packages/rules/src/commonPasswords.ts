/**
 * Common passwords the server refuses (it stores and compares md5 hashes, the client sends md5;
 * this package stays pure, so it returns plain candidates and the server hashes them).
 *
 * Candidates = the zxcvbn-ts common-passwords dictionary (`dictionary['passwords-common']` of
 * @zxcvbn-ts/language-common, ~49k entries drawn from public breach corpora) plus weak patterns
 * that the product's rule (8-12 letters and digits) lets through and that Chinese-speaking members
 * pick often: calendar dates, repeated characters, digit runs, and short words glued to numbers.
 *
 * The patterns are generated on each call and the result is not cached here (the server hashes it
 * once at start-up and keeps only the hashes). The dictionary itself is decompressed by
 * @zxcvbn-ts/language-common when that module is first imported; the package is marked
 * side-effect free, so a browser bundle that never calls this function leaves it out.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { LIMITS } from '@portal/contract';

const MIN_LEN = LIMITS.PASSWORD_MIN; // 8
const MAX_LEN = LIMITS.PASSWORD_MAX; // 12

/** First and last birth dates generated as YYYYMMDD ('19400101' … '20301231'). */
const FIRST_DATE_YEAR = 1940;
const LAST_DATE_YEAR = 2030;

/** Letter parts members glue to numbers: keyboard rows, initials, pinyin words and names, English words. */
const WORDS = [
  'a',
  'aa',
  'aaa',
  'ab',
  'abc',
  'abcd',
  'abcde',
  'q',
  'qq',
  'qw',
  'qwe',
  'qwer',
  'qwert',
  'qwerty',
  'as',
  'asd',
  'asdf',
  'asdfg',
  'zx',
  'zxc',
  'zxcv',
  'zxcvb',
  'qaz',
  'wsx',
  'qazwsx',
  'qweasd',
  'asdqwe',
  'woaini',
  'aini',
  'wo',
  'ai',
  'woai',
  'iloveyou',
  'love',
  'wang',
  'li',
  'zhang',
  'liu',
  'chen',
  'yang',
  'huang',
  'zhao',
  'wu',
  'zhou',
  'xu',
  'sun',
  'ma',
  'zhu',
  'hu',
  'guo',
  'he',
  'lin',
  'luo',
  'gao',
  'pass',
  'password',
  'passwd',
  'admin',
  'root',
  'test',
  'user',
  'hello',
  'welcome',
  'master',
  'baby',
  'x',
  'z',
  'w',
  's',
  'l',
  'xx',
  'hh',
  'zz',
  'ww',
  'ss',
  'll',
  'mm',
  'yy',
  'jj',
] as const;

/** Digit parts: runs, repeats, lucky numbers (520 "I love you", 1314 "forever", 888 "rich"), years. */
const NUMBERS = [
  '1',
  '12',
  '123',
  '1234',
  '12345',
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '0',
  '00',
  '000',
  '0000',
  '000000',
  '1',
  '11',
  '111',
  '1111',
  '111111',
  '123123',
  '112233',
  '121212',
  '520',
  '521',
  '1314',
  '5201314',
  '1314520',
  '666',
  '6666',
  '666666',
  '888',
  '8888',
  '888888',
  '999',
  '9999',
  '999999',
  '168',
  '518',
  '258',
  '147',
  '147258',
  '147258369',
  '159357',
  '321',
  '4321',
  '654321',
  '987654321',
  '007',
  '2008',
  '2010',
  '2012',
  '2020',
  '2021',
  '2022',
  '2023',
  '2024',
  '2025',
] as const;

/** Keyboard walks and other patterns that are neither word+number nor number+word. */
const PATTERNS = [
  '1qaz2wsx',
  '1qaz2wsx3edc',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'zaq12wsx',
  'qazwsx123',
  'qwe123qwe',
  'a1b2c3d4',
  'a1b2c3d4e5',
  'abc123abc',
  '1a2b3c4d',
  'qweasdzxc',
  'qweasdzxc123',
  '1qazxsw2',
  'woaini1314',
  'woaini520',
  'password1',
  'aa123456',
  'a1234567',
  'qq123456',
  'abc12345',
  'qwer1234',
  'asdf1234',
  'zxcv1234',
  'a12345678',
  '12345678a',
  'p@ssw0rd',
] as const;

function addIfLength(out: Set<string>, candidate: string): void {
  if (candidate.length >= MIN_LEN && candidate.length <= MAX_LEN) out.add(candidate);
}

/** Every calendar date FIRST_DATE_YEAR-01-01 … LAST_DATE_YEAR-12-31 as YYYYMMDD (real dates only). */
function addDates(out: Set<string>): void {
  const day = new Date(Date.UTC(FIRST_DATE_YEAR, 0, 1));
  while (day.getUTCFullYear() <= LAST_DATE_YEAR) {
    out.add(day.toISOString().slice(0, 10).replace(/-/g, ''));
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

/** '11111111', 'aaaaaaaa', … every digit and lower-case letter repeated 8-12 times. */
function addRepeats(out: Set<string>): void {
  for (const ch of '0123456789abcdefghijklmnopqrstuvwxyz') {
    for (let n = MIN_LEN; n <= MAX_LEN; n++) out.add(ch.repeat(n));
  }
}

/** Ascending and descending digit runs of 8-12, wrapping 9→0 ('12345678', '1234567890', '87654321'). */
function addDigitRuns(out: Set<string>): void {
  for (let start = 0; start <= 9; start++) {
    for (let n = MIN_LEN; n <= MAX_LEN; n++) {
      let up = '';
      let down = '';
      for (let i = 0; i < n; i++) {
        up += String((start + i) % 10);
        down += String((start - i + 100) % 10);
      }
      out.add(up);
      out.add(down);
    }
  }
}

/** word+number and number+word, lower-case and capitalised ('a12345678', '12345678a', 'Abc12345'). */
function addWordNumberCombos(out: Set<string>): void {
  for (const word of WORDS) {
    const capitalised = word.charAt(0).toUpperCase() + word.slice(1);
    for (const num of NUMBERS) {
      for (const w of [word, capitalised]) {
        addIfLength(out, w + num);
        addIfLength(out, num + w);
      }
    }
  }
}

/**
 * Plain-text candidates, deduplicated, in a stable order (dictionary first, by frequency).
 * The server hashes each one (md5, as the client sends passwords) and refuses a match.
 */
export function commonPasswordCandidates(): string[] {
  const out = new Set<string>(dictionary['passwords-common']);
  addDates(out);
  addRepeats(out);
  addDigitRuns(out);
  addWordNumberCombos(out);
  for (const p of PATTERNS) out.add(p);
  return [...out];
}
