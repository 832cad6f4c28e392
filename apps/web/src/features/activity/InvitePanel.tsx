/** Friend invitation: the member's code and link, the invitees (masked) and what they earned. */
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Section, type Detail } from './common.tsx';
import { amountText } from '../../ui/money/index.ts';
import { Figures } from './panels.tsx';
import { dateText } from '../../ui/time/format.ts';

export function InvitePanel({ d }: { d: Detail }) {
  const { t } = useTranslation('activity');
  const v = d.invite!;
  return (
    <Section title={t('invite.title')}>
      <div className="invite-share">
        <div>
          <span>{t('invite.code')}</span>
          <Typography.Text copyable className="invite-code" data-testid="invite-code">
            {v.code}
          </Typography.Text>
        </div>
        <div>
          <span>{t('invite.link')}</span>
          <Typography.Text copyable code className="invite-link">
            {v.link}
          </Typography.Text>
        </div>
      </div>
      <Figures
        items={[
          [t('invite.bonus'), `¥${amountText(v.bonus)}`],
          [t('invite.min'), `¥${amountText(v.minDeposit)}`],
          [t('invite.count'), String(v.invitees.length)],
          [t('invite.total'), `¥${amountText(v.rewardTotal)}`],
        ]}
      />
      <Table
        size="small"
        rowKey={(r) => `${r.name}${r.registeredAt}`}
        dataSource={v.invitees}
        pagination={v.invitees.length > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: t('invite.none') }}
        columns={[
          { key: 'name', title: t('invite.friend'), dataIndex: 'name' },
          { key: 'at', title: t('invite.registeredAt'), render: (_, r) => dateText(r.registeredAt) },
          {
            key: 'status',
            title: t('records.status'),
            render: (_, r) =>
              r.rewardStatus ? (
                <Tag color={r.rewardStatus === 'paid' ? 'green' : 'orange'}>{t(`records.statuses.${r.rewardStatus}`)}</Tag>
              ) : (
                <Tag>{t('invite.pending')}</Tag>
              ),
          },
        ]}
      />
    </Section>
  );
}
