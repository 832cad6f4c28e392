/** Honest empty and loading states: what a page shows until a later issue feeds it data. */
import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function EmptyState({
  title,
  description,
  icon,
  action,
}: {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="empty-state" role="status">
      <div className="empty-state__icon" aria-hidden="true">
        {icon ?? <InboxOutlined />}
      </div>
      <p className="empty-state__title">{title ?? t('empty')}</p>
      {description && <p className="empty-state__text">{description}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}

export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="page-loading" aria-busy="true">
      <Spin />
      <span>{t('loading')}</span>
    </div>
  );
}
