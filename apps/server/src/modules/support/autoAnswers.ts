/**
 * The desk's own answers while a player waits (issue 29 item 10): an acknowledgement at once — the ticket number,
 * the place in the queue and the staff's hours — and, for the common questions, the help centre's answer with the
 * page to read (help.json ck, qk, bczr: the same facts in fewer words). They are written as staff messages by the
 * reserved name AUTO_STAFF (the console shows them as 自动回复); they never take a conversation out of the queue.
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

/** The help centre's answer to a player's message, or null when it asks nothing the help centre answers. */
export function faqAnswer(body: string, locale: Locale): string | null {
  const topic = TOPICS.find((t) => t.words.test(body));
  return topic ? text(topic.key, locale) : null;
}

/** The acknowledgement of a new question: the ticket, the place in the queue, the staff's hours. */
export function acknowledgement(locale: Locale, ticketNo: string, position: number): string {
  return text('SUPPORT_ACK', locale, { ticket: ticketNo, position: String(position), hours: text('CS_HOURS', locale) });
}
