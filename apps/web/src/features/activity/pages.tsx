/**
 * Promotions: the discount centre (/activity/discount), each promotion's page (/activity/<type>/:id),
 * friend invitation (/activity/friendInvitation) and the member's gift records (/mine/giftRecord).
 */
import { Skeleton } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { useConfig } from './common.tsx';
import { PromotionView } from './ActivityDetailPage.tsx';

export { DiscountPage } from './DiscountPage.tsx';
export { ActivityDetailPage } from './ActivityDetailPage.tsx';
export { GiftRecordPage } from './GiftRecordPage.tsx';

export function FriendInvitationPage() {
  const { t } = useTranslation('activity');
  const config = useConfig();
  const p = config.data?.list.find((x) => x.type === 'friend_invite');
  if (config.isLoading)
    return (
      <div className="panel">
        <Skeleton active />
      </div>
    );
  if (!p)
    return (
      <div className="panel">
        <EmptyState icon={<TeamOutlined />} title={t('invite.title')} description={t('invite.text')} />
      </div>
    );
  return <PromotionView p={p} />;
}
