/**
 * Shown on the member pages while a time-out or self-exclusion is in force: until when (or permanent), that only
 * withdrawals are possible and that the balance stays the member's. Nothing while the member is not excluded.
 */
import { Alert, Button } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { openPath } from '../../routes/nav.ts';
import { routePath } from '../../routes/paths.ts';
import { minuteText } from '../../ui/time/format.ts';
import { activeExclusion, useProtectionState } from './api.ts';
import './protection.css';

export function ExcludedBanner() {
  const { t } = useTranslation('protection');
  const state = useProtectionState();
  const { pathname } = useLocation();
  const exclusion = activeExclusion(state.data?.exclusion);
  if (!exclusion) return null;
  // On the withdrawal page itself the way to withdraw is the page: no 前往取款 pointing at itself.
  const onWithdraw = pathname.toLowerCase() === routePath('takeMoney').toLowerCase();
  return (
    <Alert
      type="warning"
      showIcon
      className="rg-banner"
      data-testid="excluded-banner"
      title={exclusion.until === null ? t('exclusion.bannerPermanent') : t('exclusion.bannerUntil', { until: minuteText(exclusion.until) })}
      action={
        onWithdraw ? undefined : (
          <Button size="small" onClick={() => openPath(routePath('takeMoney'))}>
            {t('exclusion.toWithdraw')}
          </Button>
        )
      }
    />
  );
}
