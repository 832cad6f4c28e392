/**
 * The desk's own answers while a player waits: an acknowledgement at once — the ticket number,
 * the place in the queue and the staff's hours — and, for the common questions, the help centre's answer with the
 * page to read (help.json ck, qk, bczr: the same facts in fewer words). They are written as staff messages by the
 * reserved name AUTO_STAFF (the console shows them as 自动回复); they never take a conversation out of the queue.
 * Their body is stored as the text's key and values (autoBody) and written out in the reader's language
 * (renderAuto): a player who wrote with the page in zh-CN and reads it in zh-TW reads zh-TW.
 */
import { text, type Locale, type TextKey } from '@portal/contract';

/** The staff name of the desk's automatic messages (no staff account can have it: usernames have no '#'). */
export const AUTO_STAFF = '#auto';

interface Topic {
  key: TextKey;
  words: RegExp;
}

/** Common questions by their words (zh-CN and zh-TW), most specific first. */
const TOPICS: readonly Topic[] = [
  { key: 'SUPPORT_FAQ_LIMITS', words: /限额|限額|冷静期|冷靜期|自我排除|暂停游戏|暫停遊戲/ },
  { key: 'SUPPORT_FAQ_WITHDRAW', words: /取款|提款|提现|提現|出款|下分/ },
  { key: 'SUPPORT_FAQ_DEPOSIT', words: /存款|充值|儲值|到账|到帳|入账|入帳|上分/ },
];

/** An automatic message as stored: its text's key and values. */
export const autoBody = (key: TextKey, vars: Record<string, string> = {}) => JSON.stringify({ key, vars });

/** An automatic message in the reader's language (the staff's hours filled in); a body not of autoBody as it is. */
export function renderAuto(body: string, locale: Locale): string {
  try {
    const { key, vars } = JSON.parse(body) as { key: TextKey; vars: Record<string, string> };
    return text(key, locale, { ...vars, hours: text('CS_HOURS', locale) });
  } catch {
    return body;
  }
}

/** The help centre's answer to a player's message (stored form), or null when it asks nothing the help centre answers. */
export function faqAnswer(body: string): string | null {
  const topic = TOPICS.find((t) => t.words.test(body));
  return topic ? autoBody(topic.key) : null;
}

/** The acknowledgement of a new question (stored form): the ticket, the place in the queue (the hours at reading). */
export function acknowledgement(ticketNo: string, position: number): string {
  return autoBody('SUPPORT_ACK', { ticket: ticketNo, position: String(position) });
}
