/**
 * /download: the installable web app — the browser's install button where it offers one, the steps for
 * iOS Safari and Android (添加到主屏幕), the QR code and address of the brand, features.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Steps, Typography } from 'antd';
import {
  AndroidOutlined,
  AppleOutlined,
  CheckCircleOutlined,
  CopyOutlined,
  DownloadOutlined,
  FullscreenOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { install, useInstallState } from '../../app/pwa.ts';
import { useBrand, useH5Url } from '../help/site.ts';
import type { ContentStep } from '../help/content/types.ts';
import { QrCode } from './QrCode.tsx';
import { InfoCards, InfoHero, useInfoCards } from './shared.tsx';

function useSteps(key: string): ContentStep[] {
  const { t } = useTranslation('info');
  const brand = useBrand('info');
  const value: unknown = t(key, { returnObjects: true, brand, interpolation: { escapeValue: false } });
  return Array.isArray(value) ? value.filter((s): s is ContentStep => !!s && typeof (s as ContentStep).title === 'string') : [];
}

function PlatformCard({ icon, title, steps }: { icon: React.ReactNode; title: string; steps: ContentStep[] }) {
  return (
    <section className="download-platform">
      <Typography.Title level={3} className="download-platform__title">
        <span className="download-platform__icon">{icon}</span>
        {title}
      </Typography.Title>
      <Steps
        orientation="vertical"
        size="small"
        className="cd-steps"
        items={steps.map((s) => ({ title: s.title, content: s.description, status: 'process' as const }))}
      />
    </section>
  );
}

export function DownloadPage() {
  const { t } = useTranslation('info');
  const brand = useBrand('info');
  const url = useH5Url();
  const features = useInfoCards('download.features');
  const iosSteps = useSteps('download.ios.steps');
  const androidSteps = useSteps('download.android.steps');
  const [copied, setCopied] = useState(false);
  const installState = useInstallState();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    void navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => undefined,
    );
  };

  const qr = (
    <div className="download-qr">
      {installState.installed ? (
        <div className="download-qr__installed" data-testid="pwa-installed">
          <CheckCircleOutlined /> {t('download.installed')}
        </div>
      ) : (
        installState.canInstall && (
          <Button type="primary" size="large" icon={<DownloadOutlined />} onClick={() => void install()} title={t('download.installHint')}>
            {t('download.install')}
          </Button>
        )
      )}
      <QrCode url={url} label={t('download.qrLabel')} />
      <div className="download-qr__caption">{t('download.qrCaption')}</div>
      <div className="download-qr__url" title={t('download.qrLabel')}>
        <span className="download-qr__url-label">{t('download.qrLabel')}</span>
        <a href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
      </div>
      <Button size="small" icon={<CopyOutlined />} onClick={copy}>
        {copied ? t('download.copied') : t('download.copy')}
      </Button>
    </div>
  );

  return (
    <div className="info-page info-page--download">
      <InfoHero eyebrow={t('download.eyebrow')} title={t('download.title')} summary={t('download.summary', { brand })} aside={qr} />
      <InfoCards
        cards={features}
        icons={[
          <ThunderboltOutlined key="a" />,
          <SafetyCertificateOutlined key="b" />,
          <WalletOutlined key="c" />,
          <FullscreenOutlined key="d" />,
        ]}
      />
      <div className="download-platforms">
        <PlatformCard icon={<AppleOutlined />} title={t('download.ios.title')} steps={iosSteps} />
        <PlatformCard icon={<AndroidOutlined />} title={t('download.android.title')} steps={androidSteps} />
      </div>
      <div className="download-bottom">
        <Alert type="warning" showIcon title={t('download.note')} />
        <div className="download-h5">
          <div className="download-h5__title">{t('download.h5.title')}</div>
          <p className="download-h5__text">{t('download.h5.text')}</p>
        </div>
      </div>
    </div>
  );
}
