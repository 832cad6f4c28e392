/**
 * /mine/wallet: total assets, the central wallet (with the amount locked by pending withdrawals), every
 * venue wallet, refresh (all or one venue), recycle all, hide-no-balance (a client-stored item, spec §3)
 * and the auto-transfer switch.
 */
import { useState } from 'react';
import { App as AntApp, Button, Checkbox, Skeleton, Switch, Tag, Tooltip } from 'antd';
import { ReloadOutlined, RollbackOutlined, SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { walletApi, type ResponseOf } from '@portal/contract';
import { parseWireAmount } from '@portal/rules';
import { call } from '../../api/client.ts';
import { goName } from '../../routes/nav.ts';
import { getHideNoBalance, setHideNoBalance } from '../../storage/index.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { Panel, WALLET_KEY, useAction, useAllBalance, useCentralBalance, useIdempotencyKey, useMoneyMoved } from './common.tsx';
import { money } from '../../ui/money/index.ts';

type AllBalance = ResponseOf<typeof walletApi.allBalance>;
type Venue = AllBalance['list'][number];

function VenueTile({ venue }: { venue: Venue }) {
  const { t } = useTranslation('wallet');
  const client = useQueryClient();
  const [busy, run] = useAction();
  const refresh = async () => {
    await run(async () => {
      const fresh = await call(walletApi.venueBalance, { channelCode: venue.channelCode });
      client.setQueryData<AllBalance>(
        [WALLET_KEY, 'all'],
        (old) => old && { ...old, list: old.list.map((v) => (v.channelCode === fresh.channelCode ? fresh : v)) },
      );
    });
  };
  const down = venue.status === 'maintenance';
  return (
    <li className={`venue-tile${down ? ' venue-tile--down' : ''}`} data-testid={`venue-${venue.channelCode}`}>
      <div className="venue-tile__head">
        <span className="venue-tile__name">{venue.name}</span>
        {down && <Tag color="orange">{t('wallet.maintenance')}</Tag>}
        <Tooltip title={t('wallet.refreshVenue')}>
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined spin={busy} />}
            onClick={refresh}
            disabled={down}
            aria-label={t('wallet.refreshVenueOf', { name: venue.name })}
          />
        </Tooltip>
      </div>
      <strong className="venue-tile__balance">{money(venue.balance)}</strong>
      <Button
        size="small"
        type="link"
        icon={<SwapOutlined />}
        disabled={down}
        onClick={() => goName('transferMoney', { query: { channel: venue.channelCode } })}
      >
        {t('wallet.transfer')}
      </Button>
    </li>
  );
}

function AutoTransfer({ on }: { on: boolean }) {
  const { t } = useTranslation('wallet');
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [busy, run] = useAction();
  const toggle = async (next: boolean) => {
    await run(async () => {
      await call(walletApi.setAutoTransferStatus, { status: next ? 1 : 0 });
      client.setQueryData<AllBalance>([WALLET_KEY, 'all'], (old) => old && { ...old, autoTransfer: next });
      void message.success(next ? t('wallet.autoOn') : t('wallet.autoOff'));
    });
  };
  return (
    <label className="auto-transfer">
      <Switch checked={on} loading={busy} onChange={toggle} aria-label={t('wallet.auto')} />
      <span>
        <strong>{t('wallet.auto')}</strong>
        <small>{t('wallet.autoHint')}</small>
      </span>
    </label>
  );
}

export function WalletPage() {
  const { t } = useTranslation('wallet');
  const { message } = AntApp.useApp();
  const all = useAllBalance();
  const central = useCentralBalance();
  const moved = useMoneyMoved();
  const idem = useIdempotencyKey();
  const [hide, setHide] = useState(getHideNoBalance);
  const [recycling, runRecycle] = useAction();

  const refreshAll = async () => {
    await Promise.all([all.refetch(), central.refetch(), moved()]);
  };
  const recycle = async () => {
    await runRecycle(async () => {
      const r = await call(walletApi.recycle, {}, { idempotencyKey: idem.keyFor('recycle') });
      idem.settled();
      if (r.failed.length > 0)
        void message.warning(t('wallet.recyclePartial', { amount: money(r.recovered), venues: r.failed.join('、') }));
      else void message.success(t('wallet.recycled', { amount: money(r.recovered) }));
      await moved();
    });
  };
  const toggleHide = (on: boolean) => {
    setHide(on);
    setHideNoBalance(on);
  };

  const data = all.data;
  const venues = (data?.list ?? []).filter((v) => !hide || (parseWireAmount(v.balance) ?? 0) > 0);
  const venueSum = (data?.list ?? []).reduce((s, v) => s + (parseWireAmount(v.balance) ?? 0), 0);
  const refreshing = all.isFetching || central.isFetching;

  return (
    <>
      <div className="wallet-summary">
        <div className="wallet-card wallet-card--main">
          <span>{t('wallet.total')}</span>
          <strong data-testid="wallet-total">{money(data?.totalMoney)}</strong>
          <div className="wallet-card__actions">
            <Button type="primary" onClick={() => goName('saveMoney')}>
              {t('wallet.deposit')}
            </Button>
            <Button onClick={() => goName('transferMoney')}>{t('wallet.transfer')}</Button>
            <Button onClick={() => goName('takeMoney')}>{t('wallet.withdraw')}</Button>
          </div>
        </div>
        <div className="wallet-card">
          <span>{t('wallet.center')}</span>
          <strong data-testid="wallet-center">{money(data?.centerWalletBalance ?? central.data?.centerWalletBalance)}</strong>
          <small>
            {t('wallet.locked')} <b data-testid="wallet-locked">{money(central.data?.lockMoney)}</b>
          </small>
        </div>
        <div className="wallet-card">
          <span>{t('wallet.venues')}</span>
          <strong data-testid="wallet-venues">{data ? money(venueSum) : '--'}</strong>
          <small>{t('wallet.venueCount', { count: data?.list.length ?? 0 })}</small>
        </div>
      </div>
      <Panel
        title={t('wallet.venues')}
        extra={
          <div className="wallet-toolbar">
            <Checkbox checked={hide} onChange={(e) => toggleHide(e.target.checked)}>
              {t('wallet.hideEmpty')}
            </Checkbox>
            <Button icon={<ReloadOutlined spin={refreshing} />} onClick={refreshAll}>
              {t('wallet.refresh')}
            </Button>
            <Button type="primary" icon={<RollbackOutlined />} loading={recycling} onClick={recycle} disabled={!data}>
              {t('wallet.recycle')}
            </Button>
          </div>
        }
      >
        {data && <AutoTransfer on={data.autoTransfer} />}
        {all.isPending && <Skeleton active />}
        {all.isError && (
          <EmptyState title={t('common.loadFailed')} action={<Button onClick={() => all.refetch()}>{t('common.retry')}</Button>} />
        )}
        {data && venues.length === 0 && <EmptyState title={hide ? t('wallet.noBalanceVenues') : t('wallet.noVenues')} />}
        {venues.length > 0 && (
          <ul className="venue-grid">
            {venues.map((v) => (
              <VenueTile key={v.channelCode} venue={v} />
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
