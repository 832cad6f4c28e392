/** /sponsor: the brand's sponsorship programme (generic; no partner names). */
import { Button } from 'antd';
import { FireOutlined, HeartOutlined, RocketOutlined, TrophyOutlined } from '@ant-design/icons';
import { bus } from '../../app/events.ts';
import { ContentArticle, useContentDoc } from '../help/content/ContentDoc.tsx';
import { useTranslation } from 'react-i18next';
import { InfoCards, InfoHero, useInfoCards } from './shared.tsx';

export function SponsorPage() {
  const { t } = useTranslation('info');
  const doc = useContentDoc('info', 'sponsor');
  const cards = useInfoCards('sponsor.cards');
  return (
    <div className="info-page info-page--sponsor">
      <InfoHero eyebrow={t('sponsor.eyebrow')} title={doc.title} summary={doc.summary}>
        <Button type="primary" size="large" onClick={() => bus.emit('open_customer_service')}>
          {t('sponsor.cta')}
        </Button>
      </InfoHero>
      <InfoCards cards={cards} icons={[<TrophyOutlined key="a" />, <FireOutlined key="b" />, <RocketOutlined key="c" />, <HeartOutlined key="d" />]} />
      <div className="info-panel">
        <ContentArticle ns="info" doc={{ title: doc.title, sections: doc.sections }} idPrefix="sponsor" toc={false} titleLevel={2} />
      </div>
    </div>
  );
}
