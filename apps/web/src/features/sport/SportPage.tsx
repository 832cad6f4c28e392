/**
 * /game/sport (route sport, the TY category page): the house sportsbook's venue entry with a live
 * preview of in-play events of every sport that has some, and a prominent "enter" to /game/sport/crty.
 * Entering needs a member: a visitor gets '请先登录账号，才能了解更多' (spec §8) and the login.
 */
import { Button, Tag } from 'antd';
import { LoginOutlined, RightOutlined, SwapOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { bus } from '../../app/events.ts';
import { goName, openPath } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { LivePreview } from './LivePreview.tsx';
import { CRTY } from './venue.ts';
import './sport.css';

export function SportPage() {
  const { t } = useTranslation('sport');
  const member = useSession((s) => s.token !== null);
  const enter = () => {
    if (!member) {
      notify.warning(t('loginFirst'));
      bus.emit('login');
      return;
    }
    openPath('/game/sport/crty');
  };
  return (
    <div className="game-category game-category--sport sport-entry" data-venue-type="TY">
      <section className="sport-entry__hero">
        <div>
          <Tag className="game-category__type">{t('entry.type')}</Tag>
          <h2>{t('entry.title')}</h2>
          <p>{t('entry.desc')}</p>
          <ul className="sport-entry__facts">
            {(['facts.live', 'facts.parlay', 'facts.formats'] as const).map((k) => (
              <li key={k}>{t(k)}</li>
            ))}
          </ul>
        </div>
        <div className="sport-entry__actions">
          <Button
            type="primary"
            size="large"
            icon={member ? <RightOutlined /> : <LoginOutlined />}
            onClick={enter}
            data-testid="sport-enter"
          >
            {t('entry.enter')}
          </Button>
          {member && (
            <Button
              size="large"
              ghost
              icon={<SwapOutlined />}
              onClick={() =>
                bus.emit('show_venue_entry', {
                  message: t('stake.transferHint'),
                  channelCode: CRTY,
                  onEnter: () => openPath('/game/sport/crty'),
                })
              }
            >
              {t('transfer')}
            </Button>
          )}
          {/* Live rooms (issue 34): hosts talking matches through, open to guests too. */}
          <Button size="large" ghost icon={<VideoCameraOutlined />} onClick={() => goName('live')} data-testid="sport-live">
            {t('liveRooms')}
          </Button>
        </div>
      </section>
      <section className="sport-entry__preview panel" aria-label={t('preview.title')}>
        <h3>{t('preview.title')}</h3>
        {member ? <LivePreview /> : <EmptyState icon={<LoginOutlined />} title={t('preview.login')} description={t('loginFirst')} />}
      </section>
    </div>
  );
}
