/** /agent: the affiliate programme (example commission tiers; apply through customer service). */
import { Button } from 'antd';
import { CalendarOutlined, LinkOutlined, PercentageOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { bus } from '../../app/events.ts';
import { ContentArticle, useContentDoc } from '../help/content/ContentDoc.tsx';
import { InfoCards, InfoHero, useInfoCards } from './shared.tsx';

export function AgentPage() {
  const { t } = useTranslation('info');
  const doc = useContentDoc('info', 'agent');
  const cards = useInfoCards('agent.highlights');
  const apply = (
    <Button type="primary" size="large" onClick={() => bus.emit('open_customer_service')}>
      {t('agent.cta')}
    </Button>
  );
  return (
    <div className="info-page info-page--agent">
      <InfoHero eyebrow={t('agent.eyebrow')} title={doc.title} summary={doc.summary}>
        {apply}
      </InfoHero>
      <InfoCards
        cards={cards}
        icons={[<UserAddOutlined key="a" />, <PercentageOutlined key="b" />, <CalendarOutlined key="c" />, <LinkOutlined key="d" />]}
      />
      <div className="info-panel">
        <ContentArticle
          ns="info"
          doc={{ title: doc.title, sections: doc.sections }}
          idPrefix="agent"
          toc={false}
          titleLevel={2}
          footer={<div className="info-panel__cta">{apply}</div>}
        />
      </div>
    </div>
  );
}
