/** /mine/vip/detail: the brand's whole ladder (thresholds, bonuses, rebate rates) with the member's grade marked, and the rules. */
import { Button, Table, Tag } from 'antd';
import { ArrowLeftOutlined, CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REBATE_CATEGORIES, type ResponseOf, type vipApi } from '@portal/contract';
import { useSite } from '../../app/site.ts';
import { goName } from '../../routes/nav.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { Panel } from '../wallet/common.tsx';
import { VipBadge, rateText, useGradeInfo, useLadder } from './common.tsx';
import { money } from '../../ui/money/index.ts';

type Grade = ResponseOf<typeof vipApi.gradeConfigList>[number];

export function VipDetailPage() {
  const { t } = useTranslation('vip');
  const ladder = useLadder();
  const mine = useGradeInfo().data?.grade;
  const noDeposit = useSite().flags.vipNoSave;
  const amount = (wire: string) => (wire === '0.00' ? '—' : money(wire));
  const rules = t('ladder.rules', { returnObjects: true }) as unknown as string[];
  return (
    <div className="vip">
      <Panel
        title={t('ladder.title')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => goName('vip')}>
            {t('ladder.back')}
          </Button>
        }
      >
        <Table<Grade>
          rowKey="grade"
          size="small"
          bordered
          pagination={false}
          loading={ladder.isLoading}
          dataSource={ladder.data ?? []}
          scroll={{ x: 'max-content' }}
          data-testid="vip-ladder"
          rowClassName={(r) => (r.grade === mine ? 'vip-ladder__mine' : '')}
          locale={{ emptyText: <EmptyState icon={<CrownOutlined />} title={t('ladder.empty')} /> }}
          columns={[
            {
              key: 'grade',
              title: t('ladder.grade'),
              fixed: 'left',
              render: (_, r) => (
                <span className="vip-ladder__grade">
                  <VipBadge grade={r.grade} />
                  {r.grade === mine && <Tag color="gold">{t('ladder.current')}</Tag>}
                </span>
              ),
            },
            // vipNoSave: the brand's grades need no deposit, so the ladder has no deposit column.
            ...(noDeposit
              ? []
              : [
                  {
                    key: 'deposit',
                    title: t('ladder.deposit'),
                    align: 'right' as const,
                    render: (_: unknown, r: Grade) => money(r.depositMin),
                  },
                ]),
            { key: 'turnover', title: t('ladder.turnover'), align: 'right', render: (_, r) => money(r.turnoverMin) },
            { key: 'upgrade', title: t('ladder.upgrade'), align: 'right', render: (_, r) => amount(r.upgradeBonus) },
            { key: 'birthday', title: t('ladder.birthday'), align: 'right', render: (_, r) => amount(r.birthdayBonus) },
            {
              key: 'weekly',
              title: t('ladder.weekly'),
              align: 'right',
              render: (_, r) =>
                r.weeklyBonus === '0.00' ? (
                  '—'
                ) : (
                  <span className="vip-ladder__weekly">
                    {money(r.weeklyBonus)}
                    <small>{t('ladder.weeklyTurnoverShort', { amount: money(r.weeklyTurnoverMin) })}</small>
                  </span>
                ),
            },
            {
              key: 'rebate',
              title: t('ladder.rebate'),
              children: REBATE_CATEGORIES.map((c) => ({
                key: c,
                title: t(`category.${c}`),
                align: 'right' as const,
                render: (_: unknown, r: Grade) => rateText(r.rebates.find((x) => x.category === c)?.rateBp ?? 0),
              })),
            },
          ]}
        />
      </Panel>
      <Panel title={t('ladder.rulesTitle')}>
        <ol className="vip-rules">
          {rules.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}
