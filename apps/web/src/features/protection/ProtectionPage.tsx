/**
 * /mine/protection (责任博彩): limits, session limit and reality checks, time-out and self-exclusion,
 * identity verification and the history of changes — every value and rule from the server's state.
 */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageLoading } from '../../ui/layout/EmptyState.tsx';
import { activeExclusion, useProtectionState } from './api.ts';
import { ExclusionPanel } from './ExclusionPanel.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { KycPanel } from './KycPanel.tsx';
import { LimitsPanel } from './LimitsPanel.tsx';
import { SessionPanel } from './SessionPanel.tsx';
import './protection.css';

export function ProtectionPage() {
  const { t } = useTranslation('protection');
  const state = useProtectionState();
  if (state.isPending) return <PageLoading />;
  if (state.isError)
    return (
      <div className="panel">
        <EmptyState title={t('loadFailed')} action={<Button onClick={() => void state.refetch()}>{t('retry')}</Button>} />
      </div>
    );
  const excluded = activeExclusion(state.data.exclusion) !== null;
  return (
    <div className="rg" data-testid="protection-page">
      <div className="panel rg-section">
        <h2 className="panel__title">{t('title')}</h2>
        <p className="rg-intro">{t('intro')}</p>
      </div>
      <LimitsPanel state={state.data} />
      <SessionPanel state={state.data} />
      {!excluded && <ExclusionPanel />}
      <KycPanel kyc={state.data.kyc} />
      <HistoryPanel />
    </div>
  );
}
