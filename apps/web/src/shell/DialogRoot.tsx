/**
 * App-wide dialogs and toasts (spec §2): login-required prompt (提示), tips (温馨提示), common confirm
 * (single-button, loading), loading toast (auto-close 3 s), bottom toasts, copy, the customer-service
 * safety notice, the 6449 bind-real-name dialog and the venue-entry transfer dialog (loaded when first
 * opened). (The register prompt 500 ms after start is the shell's useRegisterPrompt.)
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Modal, message } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, siteApi } from '@portal/contract';
import { call } from '../api/client.ts';
import { bus, type AppEvents } from '../app/events.ts';
import { useSite } from '../api/site.ts';
import { useSession } from '../stores/session.ts';
import { openPath } from '../routes/nav.ts';
import { BottomToasts, copyText } from './BottomToasts.tsx';
import { RegionDialogs } from './RegionDialogs.tsx';
import { registerMessageApi } from '../ui/dialogs/notify.ts';
import './dialogs.css';

type Confirm = AppEvents['show_confirm'];
type Tips = AppEvents['show_dialog_tips'];

const LOADING_KEY = 'app-loading';

/** The venue-entry dialog (and the wallet pieces it shares) loads when first opened. */
const VenueEntryDialog = lazy(() => import('./VenueEntryDialog.tsx').then((m) => ({ default: m.VenueEntryDialog })));
type VenueEntry = AppEvents['show_venue_entry'];

export function DialogRoot() {
  const { t } = useTranslation('dialogs');
  const [messageApi, messageHolder] = message.useMessage({ maxCount: 3 });
  const [loginTips, setLoginTips] = useState(false);
  const [tips, setTips] = useState<Tips | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [csNotice, setCsNotice] = useState(false);
  /** The brand's service address (configuration/onlinecustomservice), asked for while the notice shows. */
  const [csUrl, setCsUrl] = useState<string | null>(null);
  const [realName, setRealName] = useState<string | null>(null);
  const [venueEntry, setVenueEntry] = useState<VenueEntry | null>(null);
  const site = useSite();
  const config = site.info?.siteBaseConfig;

  useEffect(() => {
    registerMessageApi(messageApi);
    return () => registerMessageApi(null);
  }, [messageApi]);

  useEffect(() => {
    const offs = [
      bus.on('show_login_tips', () => setLoginTips(true)),
      bus.on('show_dialog_tips', (p) => setTips(p)),
      bus.on('show_confirm', (p) => {
        setConfirmBusy(false);
        setConfirm(p);
      }),
      bus.on(
        'show_loading',
        (p) =>
          void messageApi.open({
            key: LOADING_KEY,
            type: 'loading',
            content: p?.text ?? t('loading.loading'),
            duration: LIMITS.LOADING_AUTO_CLOSE_MS / 1000,
          }),
      ),
      bus.on('dismiss_loading', () => messageApi.destroy(LOADING_KEY)),
      bus.on('copy', ({ text }) => void copyText(text, t('toast.copied'))),
      bus.on('open_customer_service', () => {
        setCsNotice(true);
        call(siteApi.onlineCustomService, {}).then(
          (r) => setCsUrl(r.url),
          () => setCsUrl(null),
        );
      }),
      bus.on('bind_real_name', ({ message: m }) => setRealName(m)),
      // Spec §8: a venue needs a member; anonymous visitors get the login-required prompt instead.
      bus.on('show_venue_entry', (p) => (useSession.getState().token ? setVenueEntry(p) : setLoginTips(true))),
    ];
    return () => offs.forEach((off) => off());
  }, [messageApi, t]);

  const runConfirm = async () => {
    if (!confirm) return;
    const p = confirm.onOk?.();
    if (p && typeof (p as Promise<void>).then === 'function') {
      setConfirmBusy(true);
      try {
        await p;
      } catch {
        setConfirmBusy(false);
        return; // keep the dialog open: the caller showed its error
      }
    }
    setConfirmBusy(false);
    setConfirm(null);
  };

  const openCustomerService = () => {
    setCsNotice(false);
    // Opened synchronously in the click (popup blockers); preInfo's address until the call answered.
    const url = csUrl || config?.customerServiceUrl;
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  };

  return (
    <>
      {messageHolder}
      <BottomToasts />
      <RegionDialogs />
      <Modal
        open={loginTips}
        title={t('loginTips.title')}
        centered
        width={400}
        onCancel={() => setLoginTips(false)}
        okText={t('loginTips.ok')}
        cancelText={t('common.cancel')}
        onOk={() => {
          setLoginTips(false);
          bus.emit('login');
        }}
      >
        <p>{t('loginTips.content')}</p>
      </Modal>
      <Modal
        open={tips !== null}
        destroyOnHidden
        title={tips?.title ?? t('common.warmTip')}
        centered
        width={420}
        onCancel={() => setTips(null)}
        footer={
          <Button
            type="primary"
            onClick={() => {
              const fn = tips?.onOk;
              setTips(null);
              fn?.();
            }}
          >
            {tips?.okText ?? t('common.ok')}
          </Button>
        }
      >
        <p className="dialog-text">{tips?.content}</p>
      </Modal>
      <Modal
        open={confirm !== null}
        destroyOnHidden
        title={confirm?.title ?? t('common.warmTip')}
        centered
        width={420}
        onCancel={() => {
          if (confirmBusy) return;
          confirm?.onCancel?.();
          setConfirm(null);
        }}
        footer={
          <div className="dialog-footer">
            {!confirm?.single && (
              <Button
                onClick={() => {
                  confirm?.onCancel?.();
                  setConfirm(null);
                }}
                disabled={confirmBusy}
              >
                {confirm?.cancelText ?? t('common.cancel')}
              </Button>
            )}
            <Button type="primary" loading={confirmBusy} onClick={() => void runConfirm()}>
              {confirm?.okText ?? t('common.confirm')}
            </Button>
          </div>
        }
      >
        <p className="dialog-text">{confirm?.content}</p>
      </Modal>
      <Modal
        open={csNotice}
        title={t('cs.title')}
        centered
        width={460}
        onCancel={() => setCsNotice(false)}
        footer={
          <div className="dialog-footer">
            <Button onClick={() => setCsNotice(false)}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={openCustomerService}>
              {t('cs.ok')}
            </Button>
          </div>
        }
      >
        <div className="cs-notice">
          <SafetyCertificateOutlined className="cs-notice__icon" />
          <div>
            <p>{t('cs.line1')}</p>
            <p>{t('cs.line2')}</p>
            <p className="cs-notice__em">{t('cs.line3')}</p>
          </div>
        </div>
      </Modal>
      {venueEntry && (
        <Suspense fallback={null}>
          <VenueEntryDialog
            key={`${venueEntry.channelCode ?? ''}|${venueEntry.message}`}
            entry={venueEntry}
            onClose={() => setVenueEntry(null)}
          />
        </Suspense>
      )}
      <Modal
        open={realName !== null}
        destroyOnHidden
        title={t('common.warmTip')}
        centered
        width={420}
        onCancel={() => setRealName(null)}
        footer={
          <div className="dialog-footer">
            <Button onClick={() => setRealName(null)}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              onClick={() => {
                setRealName(null);
                openPath('/mine/userinfo');
              }}
            >
              {t('realName.ok')}
            </Button>
          </div>
        }
      >
        <p className="dialog-text">{realName}</p>
      </Modal>
    </>
  );
}
