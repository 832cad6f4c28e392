/**
 * /sponsor: the brand's sponsorships as the operator published them (advertising/sponsorContent, sort
 * order): picture, title, text and, when set, a link (an in-app path through the router, an http(s)
 * address in a new tab). Nothing published yet, or a failed call, shows as such.
 */
import { Button, Skeleton } from 'antd';
import { CrownOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messagesApi, type AdItem } from '@portal/contract';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { bus } from '../../app/events.ts';
import { linkProps } from '../../routes/nav.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { useContentDoc } from '../help/content/ContentDoc.tsx';
import { InfoHero } from './shared.tsx';

function Sponsorship({ item, index }: { item: AdItem; index: number }) {
  const { t } = useTranslation('info');
  const paragraphs = item.content
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <li className="sponsorship" data-testid={`sponsorship-${item.id}`}>
      <div className="sponsorship__media">
        <img src={item.imageUrl} alt={item.title} width={1280} height={720} loading={index === 0 ? 'eager' : 'lazy'} decoding="async" />
      </div>
      <div className="sponsorship__body">
        <h2 className="sponsorship__title">{item.title}</h2>
        {paragraphs.map((p, i) => (
          <p key={i} className="sponsorship__text">
            {p}
          </p>
        ))}
        {item.linkUrl && (
          <a className="sponsorship__link" {...linkProps(item.linkUrl)}>
            {t('sponsor.more')} <RightOutlined />
          </a>
        )}
      </div>
    </li>
  );
}

function Sponsorships() {
  const { t } = useTranslation('info');
  const q = useQuery({ queryKey: ['info', 'sponsorContent'], queryFn: () => call(messagesApi.sponsorContent, {}) });
  if (q.isPending)
    return (
      <div className="sponsorships" aria-busy="true">
        <Skeleton active avatar={{ shape: 'square', size: 160 }} paragraph={{ rows: 3 }} />
      </div>
    );
  if (q.isError) {
    return (
      <div className="info-panel">
        <EmptyState
          icon={<CrownOutlined />}
          title={t('sponsor.error')}
          description={errorMessage(q.error)}
          action={
            <Button onClick={() => void q.refetch()} loading={q.isFetching}>
              {t('sponsor.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (q.data.length === 0) {
    return (
      <div className="info-panel">
        <EmptyState icon={<CrownOutlined />} title={t('sponsor.empty')} description={t('sponsor.emptyText')} />
      </div>
    );
  }
  return (
    <ul className="sponsorships" aria-label={t('sponsor.listTitle')}>
      {q.data.map((item, i) => (
        <Sponsorship key={item.id} item={item} index={i} />
      ))}
    </ul>
  );
}

export function SponsorPage() {
  const { t } = useTranslation('info');
  const doc = useContentDoc('info', 'sponsor');
  return (
    <div className="info-page info-page--sponsor">
      <InfoHero eyebrow={t('sponsor.eyebrow')} title={doc.title} summary={doc.summary}>
        <Button type="primary" size="large" onClick={() => bus.emit('open_customer_service')}>
          {t('sponsor.cta')}
        </Button>
      </InfoHero>
      <Sponsorships />
    </div>
  );
}
