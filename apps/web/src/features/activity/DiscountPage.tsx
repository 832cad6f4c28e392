/** /activity/discount: the promotions hall — banner carousel, category tabs with counts, promotion cards. */
import { useState } from 'react';
import { Button, Carousel, Segmented, Skeleton, Tag } from 'antd';
import { GiftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { activityApi, PROMOTION_CATEGORIES } from '@portal/contract';
import { call } from '../../api/client.ts';
import { openPath } from '../../routes/nav.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { ACTIVITY_KEY, Banner, Period, useConfig, type Summary } from './common.tsx';

type Tab = 'all' | (typeof PROMOTION_CATEGORIES)[number];

function PromoCard({ p }: { p: Summary }) {
  const { t } = useTranslation('activity');
  return (
    <article className="promo-card" data-testid={`promo-${p.id}`}>
      <button type="button" className="promo-card__art" onClick={() => openPath(p.route)} aria-label={p.title}>
        <Banner p={p} />
      </button>
      <div className="promo-card__body">
        <div className="promo-card__head">
          <h3>{p.title}</h3>
          <Tag color={p.status === 'active' ? 'gold' : 'default'}>{t(`status.${p.status}`)}</Tag>
          {p.joined && <Tag color="green">{t('card.joined')}</Tag>}
        </div>
        <p className="promo-card__summary">{p.summary}</p>
        <div className="promo-card__foot">
          <Period p={p} />
          <Button type="primary" onClick={() => openPath(p.route)}>
            {t('card.view')} <RightOutlined />
          </Button>
        </div>
      </div>
    </article>
  );
}

export function DiscountPage() {
  const { t } = useTranslation('activity');
  const [tab, setTab] = useState<Tab>('all');
  const config = useConfig();
  const ads = useQuery({ queryKey: [ACTIVITY_KEY, 'ads'], queryFn: () => call(activityApi.myDiscountAd, {}) });
  const counts = new Map((config.data?.categories ?? []).map((c) => [c.key, c.count]));
  const tabs: Tab[] = ['all', ...PROMOTION_CATEGORIES.filter((c) => counts.has(c))];
  const list = (config.data?.list ?? []).filter((p) => tab === 'all' || p.category === tab);
  return (
    <div className="activity promo-hall">
      <header className="promo-hall__hero">
        <div>
          <h1>{t('hall.title')}</h1>
          <p>{t('hall.subtitle')}</p>
        </div>
        <Button onClick={() => openPath('/mine/giftRecord')} icon={<GiftOutlined />}>
          {t('records.title')}
        </Button>
      </header>
      {(ads.data?.length ?? 0) > 0 && (
        <Carousel autoplay autoplaySpeed={5000} className="promo-hall__carousel" dots={{ className: 'promo-dots' }}>
          {ads.data!.map((a) => (
            <button type="button" key={a.id} className="promo-slide" onClick={() => openPath(a.route)} aria-label={a.title}>
              <Banner
                size="hero"
                p={{
                  ...a,
                  type: config.data?.list.find((x) => x.id === a.activityId)?.type ?? 'first_deposit',
                  highlights: config.data?.list.find((x) => x.id === a.activityId)?.highlights ?? [],
                }}
              />
            </button>
          ))}
        </Carousel>
      )}
      <Segmented<Tab>
        className="activity__tabs"
        value={tab}
        onChange={setTab}
        options={tabs.map((k) => ({ value: k, label: `${t(`tabs.${k}`)}${counts.has(k) ? ` ${counts.get(k)}` : ''}` }))}
      />
      {config.isLoading ? (
        <div className="promo-grid">
          {[0, 1, 2].map((i) => (
            <div key={i} className="promo-card promo-card--skeleton">
              <Skeleton active />
            </div>
          ))}
        </div>
      ) : list.length === 0 ? (
        <div className="panel">
          <EmptyState icon={<GiftOutlined />} title={t('empty')} description={t('emptyText')} />
        </div>
      ) : (
        <div className="promo-grid">
          {list.map((p) => (
            <PromoCard key={p.id} p={p} />
          ))}
        </div>
      )}
      <p className="activity__rules">{t('rules')}</p>
    </div>
  );
}
