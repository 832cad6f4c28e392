/**
 * Regions: the 6032 warning (the server's message, 取消 / 继续访问: the request layer retries
 * acknowledged on 继续访问) and the 6031 / 6033 notice, which cannot be closed: the site is not served from there.
 * The country comes from DB-IP's data, credited here as its licence (CC BY 4.0) asks.
 */
import { useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { bus, type AppEvents } from '../app/events.ts';

type Warning = AppEvents['region_warning'];

export function RegionDialogs() {
  const { t } = useTranslation('dialogs');
  const [warning, setWarning] = useState<Warning | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);

  useEffect(() => {
    const offs = [bus.on('region_warning', (p) => setWarning(p)), bus.on('region_blocked', (p) => setBlocked(p.message))];
    return () => offs.forEach((off) => off());
  }, []);

  const answer = (goOn: boolean) => {
    const w = warning;
    setWarning(null);
    if (goOn) w?.onContinue();
    else w?.onCancel();
  };
  const credit = (
    <p className="dialog-text dialog-text--muted">
      {t('region.credit')}
      <a href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
        DB-IP
      </a>
    </p>
  );

  return (
    <>
      <Modal
        open={warning !== null && blocked === null}
        destroyOnHidden
        title={t('common.warmTip')}
        centered
        width={420}
        onCancel={() => answer(false)}
        footer={
          <div className="dialog-footer">
            <Button onClick={() => answer(false)}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={() => answer(true)}>
              {t('region.continue')}
            </Button>
          </div>
        }
      >
        <p className="dialog-text">{warning?.message}</p>
        {credit}
      </Modal>
      <Modal
        open={blocked !== null}
        title={t('region.blockedTitle')}
        centered
        width={420}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={null}
        zIndex={2000}
      >
        <p className="dialog-text" data-testid="region-blocked">
          {blocked}
        </p>
        {credit}
      </Modal>
    </>
  );
}
