/** Chinese names of the content area's codes (categories, positions, letter types, states, feedback types). */
import type { PublishState } from '@portal/contract/console';

export const NOTICE_CATEGORY_NAMES: Record<string, string> = {
  notice: '公告',
  activity: '活动',
  bulletin: '通告',
  match: '赛事',
  fd: '资金',
};

export const AD_POSITION_NAMES: Record<string, string> = {
  banner: '首页轮播',
  nav: '导航栏',
  sponsor: '赞助页',
};

export const LETTER_TYPE_NAMES: Record<string, string> = {
  notice: '系统通知',
  activity: '活动消息',
  bulletin: '公告',
  match: '赛事消息',
  fd: '资金消息',
};

export const FEEDBACK_TYPE_NAMES: Record<string, string> = {
  deposit: '存款问题',
  withdraw: '取款问题',
  game: '游戏问题',
  activity: '活动问题',
  account: '账户问题',
  other: '其他',
};

export const STATE_TAGS: Record<PublishState, { text: string; color: string }> = {
  scheduled: { text: '待生效', color: 'blue' },
  live: { text: '展示中', color: 'green' },
  ended: { text: '已结束', color: 'default' },
  withdrawn: { text: '已下架', color: 'red' },
};

export const optionsOf = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));
