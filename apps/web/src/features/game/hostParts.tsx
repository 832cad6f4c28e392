/**
 * Parts of the house game pages (slot, table, lottery): what a visitor sees instead of the game, and the
 * '数据异常，请重新进入游戏' dialog (6302: the page's venue session is stale): not closable; its button drops the
 * session, launches again and reloads the page's queries.
 */
import { useState } from 'react';
import { Button, Modal } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { bus } from '../../app/events.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { reenterVenue, useVenueBroken } from './venueCall.ts';

export function ReenterDialog({ enName, gameCode, queryKey, ns }: { enName: string; gameCode: string; queryKey: string; ns: string }) {
  const { t } = useTranslation(ns);
  const qc = useQueryClient();
  const broken = useVenueBroken((s) => s.broken);
  const [busy, setBusy] = useState(false);
  const reenter = async () => {
    setBusy(true);
    try {
      await reenterVenue(enName, gameCode);
      await qc.invalidateQueries({ queryKey: [queryKey] });
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={broken}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      title={t('uid.title')}
      data-testid="slot-uid"
      footer={
        <Button type="primary" loading={busy} onClick={() => void reenter()}>
          {t('uid.reenter')}
        </Button>
      }
    >
      <p>{t('uid.text')}</p>
    </Modal>
  );
}

/** A visitor on a game page: log in first (the page's own texts: loginTitle, loginFirst, login). */
export function LoginFirst({ ns }: { ns: string }) {
  const { t } = useTranslation(ns);
  return (
    <EmptyState
      icon={<LoginOutlined />}
      title={t('loginTitle')}
      description={t('loginFirst')}
      action={
        <Button
          type="primary"
          onClick={() => {
            notify.warning(t('loginFirst'));
            bus.emit('login');
          }}
        >
          {t('login')}
        </Button>
      }
    />
  );
}
