/**
 * The venue-entry transfer dialog (spec §2, §4 "a venue-activity code opens the venue-entry dialog",
 * §8 "6413 shows the venue-entry dialog with the server message"). It shows the server's message, the
 * central wallet and the venue's balance, lets the member move money into the venue (spec §5 amount:
 * required '请输入转入金额', 2 decimals, max length 12, 全部 fills the central balance; success
 * '转账成功', failure the server message) and then enter the game: the 'enter_venue' event and the
 * caller's onEnter (the launch code hooks it; this dialog does not launch anything itself).
 */
import { useState } from 'react';
import { Button, Form, Modal, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { walletApi } from '@portal/contract';
import { parseWireAmount } from '@portal/rules';
import { bus, type AppEvents } from '../app/events.ts';
import { call } from '../api/client.ts';
import { ApiError, errorMessage } from '../api/errors.ts';
import { WALLET_KEY, useAllBalance, useIdempotencyKey, useMoneyMoved } from '../features/wallet/common.tsx';
import { AmountInput, money, useAmountRules, wireAmount } from '../ui/money/index.ts';
import { notify } from '../ui/dialogs/notify.ts';

export type VenueEntry = AppEvents['show_venue_entry'];

function useVenueBalance(channelCode: string | undefined) {
  return useQuery({
    queryKey: [WALLET_KEY, 'venue', channelCode],
    queryFn: () => call(walletApi.venueBalance, { channelCode: channelCode! }),
    enabled: Boolean(channelCode),
  });
}

export function VenueEntryDialog({ entry, onClose }: { entry: VenueEntry; onClose: () => void }) {
  const { t } = useTranslation('dialogs');
  const [form] = Form.useForm<{ amount: string }>();
  const all = useAllBalance();
  const venue = useVenueBalance(entry.channelCode);
  const moved = useMoneyMoved();
  const idem = useIdempotencyKey();
  const amountRules = useAmountRules();
  const [busy, setBusy] = useState(false);

  const centralFen = parseWireAmount(all.data?.centerWalletBalance);
  const listed = all.data?.list.find((v) => v.channelCode === entry.channelCode);
  const venueName = venue.data?.name ?? listed?.name ?? entry.channelCode ?? '';
  const venueWire = venue.data?.balance ?? listed?.balance;
  const canTransfer = Boolean(entry.channelCode);

  const transfer = async ({ amount }: { amount: string }) => {
    if (!entry.channelCode) return;
    const body = { channelCode: entry.channelCode, amount: wireAmount(amount), ty: 1 as const };
    setBusy(true);
    try {
      const r = await call(walletApi.utcTransfer, body, { idempotencyKey: idem.keyFor(body) });
      idem.settled();
      if (r.status === 'completed') notify.success(t('venueEntry.success'));
      else notify.info(t('venueEntry.pending'));
      form.resetFields();
      await moved();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) notify.error(errorMessage(e)); // the server's message (spec §8)
    } finally {
      setBusy(false);
    }
  };

  const enter = () => {
    onClose();
    bus.emit('enter_venue', { channelCode: entry.channelCode });
    entry.onEnter?.();
  };

  return (
    <Modal
      open
      destroyOnHidden
      centered
      width={460}
      title={t('venueEntry.title')}
      onCancel={() => {
        if (!busy) onClose();
      }}
      footer={
        <div className="dialog-footer">
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" onClick={enter} disabled={busy}>
            {t('venueEntry.enter')}
          </Button>
        </div>
      }
    >
      <div className="venue-entry" data-testid="venue-entry">
        {entry.message && (
          <p className="dialog-text venue-entry__message" role="alert">
            {entry.message}
          </p>
        )}
        {all.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        ) : (
          <dl className="venue-entry__balances">
            <div>
              <dt>{t('venueEntry.central')}</dt>
              <dd data-testid="venue-entry-central">{all.isError ? '--' : money(all.data?.centerWalletBalance)}</dd>
            </div>
            {canTransfer && (
              <div>
                <dt>{t('venueEntry.venue', { name: venueName })}</dt>
                <dd data-testid="venue-entry-venue">{money(venueWire)}</dd>
              </div>
            )}
          </dl>
        )}
        {canTransfer && (
          <Form form={form} layout="vertical" onFinish={(v) => void transfer(v)} requiredMark={false} disabled={busy}>
            <Form.Item name="amount" label={t('venueEntry.amount')} rules={amountRules} validateTrigger={['onChange', 'onBlur']}>
              <AmountInput allFen={centralFen} aria-label={t('venueEntry.amount')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('venueEntry.transfer')}
            </Button>
          </Form>
        )}
      </div>
    </Modal>
  );
}
