/**
 * On the deposit page: a small card offering 设置存款限额 when the member has no deposit limit (none in force and
 * none pending). Self-contained: the deposit page mounts it with one line.
 */
import { Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openPath } from '../../routes/nav.ts';
import { routePath } from '../../routes/paths.ts';
import { useProtectionState } from './api.ts';
import './protection.css';

export function DepositLimitCard() {
  const { t } = useTranslation('protection');
  const state = useProtectionState();
  if (!state.data || state.data.limits.some((l) => l.kind === 'deposit' && (l.amount !== '' || l.pending))) return null;
  return (
    <div className="rg-offer" data-testid="deposit-limit-card">
      <SafetyCertificateOutlined className="rg-offer__icon" aria-hidden="true" />
      <div className="rg-offer__text">
        <strong>{t('offer.depositCard')}</strong>
        <span>{t('offer.depositText')}</span>
      </div>
      <Button onClick={() => openPath(routePath('protection'))}>{t('offer.go')}</Button>
    </div>
  );
}
