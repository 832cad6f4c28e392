/**
 * The create form's fields for each promotion type's parameters (the contract's PROMOTION_PARAMS), in Chinese;
 * amounts are typed in 元 and sent in fen. `toParams` turns the form's values into the parameters the contract checks.
 */
import type { PROMOTION_TYPES } from '@portal/contract';

export type ParamField =
  | { name: string; label: string; kind: 'yuan' | 'int' | 'text' | 'yuanList' | 'categories' }
  | { name: string; label: string; kind: 'enum'; options: Array<{ value: string; label: string }> }
  | { name: string; label: string; kind: 'list'; fields: ParamField[] };

const multiple: ParamField = { name: 'multiple', label: '流水倍数', kind: 'int' };
const categories: ParamField = { name: 'categories', label: '计入的游戏类别（不选：全部）', kind: 'categories' };
const deposit: ParamField[] = [
  { name: 'ratePct', label: '红利比例（%）', kind: 'int' },
  { name: 'maxBonusFen', label: '最高红利（元）', kind: 'yuan' },
  { name: 'minDepositFen', label: '最低存款（元）', kind: 'yuan' },
  multiple,
  {
    name: 'wageringBase',
    label: '流水基数',
    kind: 'enum',
    options: [
      { value: 'deposit_bonus', label: '本金+红利' },
      { value: 'bonus', label: '仅红利' },
    ],
  },
];

export const PARAM_FIELDS: Record<(typeof PROMOTION_TYPES)[number], ParamField[]> = {
  first_deposit: deposit,
  re_deposit: deposit,
  sign_in: [
    { name: 'dailyFen', label: '连签每日礼金（元，第 1 天起）', kind: 'yuanList' },
    { name: 'minDepositFen', label: '当日需存款（元，0 为不需要）', kind: 'yuan' },
    multiple,
  ],
  betting_gift: [
    {
      name: 'tiers',
      label: '彩金档位',
      kind: 'list',
      fields: [
        { name: 'turnoverFen', label: '当日有效流水（元）', kind: 'yuan' },
        { name: 'bonusFen', label: '彩金（元）', kind: 'yuan' },
      ],
    },
    categories,
    multiple,
  ],
  draw_gift: [
    {
      name: 'prizes',
      label: '转盘奖品',
      kind: 'list',
      fields: [
        { name: 'labelCn', label: '名称（简体）', kind: 'text' },
        { name: 'labelTw', label: '名称（繁体）', kind: 'text' },
        { name: 'amountFen', label: '金额（元）', kind: 'yuan' },
        { name: 'weight', label: '权重', kind: 'int' },
      ],
    },
    { name: 'depositPerSpinFen', label: '每存款多少得一次（元，0 为不送）', kind: 'yuan' },
    { name: 'turnoverPerSpinFen', label: '每有效流水多少得一次（元，0 为不送）', kind: 'yuan' },
    { name: 'maxSpinsPerDay', label: '每日最多次数', kind: 'int' },
    multiple,
  ],
  race: [
    { name: 'prizesFen', label: '各名次奖金（元，第 1 名起）', kind: 'yuanList' },
    categories,
    { name: 'minTurnoverFen', label: '上榜最低有效流水（元）', kind: 'yuan' },
    multiple,
  ],
  new_member: [
    { name: 'registeredWithinDays', label: '注册天数以内', kind: 'int' },
    {
      name: 'tasks',
      label: '新人任务',
      kind: 'list',
      fields: [
        {
          name: 'key',
          label: '任务',
          kind: 'enum',
          options: [
            { value: 'bind_phone', label: '绑定手机' },
            { value: 'bind_real_name', label: '绑定实名' },
            { value: 'first_deposit', label: '完成首存' },
            { value: 'turnover', label: '有效流水达标' },
          ],
        },
        { name: 'targetFen', label: '目标（元）', kind: 'yuan' },
        { name: 'bonusFen', label: '奖励（元）', kind: 'yuan' },
      ],
    },
    multiple,
  ],
  friend_invite: [
    { name: 'minDepositFen', label: '好友存款达到（元）', kind: 'yuan' },
    { name: 'bonusFen', label: '邀请奖励（元）', kind: 'yuan' },
    { name: 'maxInvitees', label: '最多邀请人数', kind: 'int' },
    multiple,
  ],
};

const fen = (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : v);

/** Form values (元) → the type's parameters (fen); missing values are left out for the contract to name. */
export function toParams(fields: ParamField[], values: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values?.[f.name];
    if (v === undefined || v === null || v === '') continue;
    if (f.kind === 'yuan') out[f.name] = fen(v);
    else if (f.kind === 'yuanList') out[f.name] = (v as unknown[]).filter((x) => x !== undefined && x !== null).map(fen);
    else if (f.kind === 'list') out[f.name] = (v as Array<Record<string, unknown>>).map((row) => toParams(f.fields, row));
    else out[f.name] = v;
  }
  return out;
}
