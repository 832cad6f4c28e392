/**
 * The module services answer an operator's mistake with an OperatorError (or a RangeError) in English, for the
 * ops CLI. The console answers 6007 with the Chinese message the staff member reads instead.
 */
import { StatusCode } from '@portal/contract';
import { AppError, fail } from '../../lib/errors.ts';
import { OperatorError } from '../../modules/messages/service.ts';

const MESSAGES: Array<[RegExp, string]> = [
  [/^end time must be after/, '结束时间须晚于开始时间'],
  [/^start time is not/, '开始时间不合法'],
  [/^registration window/, '注册时间段的结束须晚于开始'],
  [/^a letter to one member/, '发给单个会员的站内信只能是系统通知、活动消息或资金消息'],
  [/^no such member/, '会员不存在'],
  [/^member list/, '会员名单须为 1-1000 个用户名'],
  [/^image url/, '图片地址须为 http(s):// 开头或站内路径'],
  [/^link must be/, '链接须为 http(s):// 开头或站内路径'],
  [/^title must be/, '标题长度不合法'],
  [/^content must be/, '内容长度不合法'],
  [/^reply/, '回复长度不合法'],
  [/^unknown site/, '站点不存在'],
];

/** Runs a service call; an operator mistake becomes 6007 with its Chinese message (anything else is rethrown). */
export async function asOperator<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof AppError || !(e instanceof OperatorError || e instanceof RangeError)) throw e;
    const message = MESSAGES.find(([re]) => re.test(e.message))?.[1];
    fail(StatusCode.INVALID_PARAMETER, message ? { message } : undefined);
  }
}
