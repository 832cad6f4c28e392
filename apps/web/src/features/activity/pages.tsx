/**
 * Promotions: the discount centre (/activity/discount) and the activity pages taking an id. The
 * promotion service arrives with a later issue; the pages show their frame and an honest empty state.
 */
import { useState } from 'react';
import { Button, Segmented } from 'antd';
import { GiftOutlined, TeamOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { openPath } from '../../routes/nav.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';

const TABS = ['all', 'sport', 'casino', 'egame', 'newbie', 'vip'] as const;

export function DiscountPage() {
  const { t } = useTranslation('activity');
  const [tab, setTab] = useState<(typeof TABS)[number]>('all');
  return (
    <div className="activity">
      <Segmented className="activity__tabs" value={tab} onChange={setTab} options={TABS.map((k) => ({ value: k, label: t(`tabs.${k}`) }))} />
      <div className="panel">
        <EmptyState icon={<GiftOutlined />} title={t('empty')} description={t('emptyText')} />
      </div>
      <p className="activity__rules">{t('rules')}</p>
    </div>
  );
}

export function ActivityDetailPage() {
  const { t } = useTranslation('activity');
  const { id = '' } = useParams();
  return (
    <div className="panel">
      <EmptyState
        icon={<GiftOutlined />}
        title={t('detail.empty')}
        description={t('detail.emptyText', { id })}
        action={<Button onClick={() => openPath('/activity/discount')}>{t('detail.back')}</Button>}
      />
    </div>
  );
}

export function FriendInvitationPage() {
  const { t } = useTranslation('activity');
  return (
    <div className="panel">
      <EmptyState icon={<TeamOutlined />} title={t('invite.title')} description={t('invite.text')} />
    </div>
  );
}
