/** The live rooms list (/live) and a room page (/live/:roomId): tracker or stream, chat, gifts, the host's predictions. */
import { Button, Card, Skeleton, Tag } from 'antd';
import { TeamOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { goName } from '../../routes/nav.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { useHotLive, useMatchDetail } from './api.ts';
import { useSession } from '../../stores/session.ts';
import { ChatView } from './ChatPanel.tsx';
import { useLiveRoom } from './useLiveRoom.ts';
import { StreamPlayer } from './StreamPlayer.tsx';
import { Tracker } from './Tracker.tsx';
import './live.css';

export function LiveListPage() {
  const { t } = useTranslation('live');
  const rooms = useHotLive();
  if (rooms.isPending)
    return (
      <div className="live-page">
        <Skeleton active />
      </div>
    );
  if (rooms.error) return <EmptyState icon={<VideoCameraOutlined />} title={t('list.failed')} description={errorMessage(rooms.error)} />;
  return (
    <div className="live-page" data-testid="live-list">
      <h1 className="live-page__title">{t('list.title')}</h1>
      {rooms.data.length === 0 ? (
        <EmptyState icon={<VideoCameraOutlined />} title={t('list.empty')} />
      ) : (
        <div className="live-rooms">
          {rooms.data.map((r) => (
            <Card
              key={r.roomId}
              hoverable
              className="live-room-card"
              data-testid="live-room-card"
              onClick={() => goName('liveRoom', { params: { roomId: r.roomId } })}
            >
              <div className="live-room-card__poster">
                <VideoCameraOutlined />
                <Tag color={r.status === 'open' ? 'red' : 'default'}>{t(`status.${r.status}`)}</Tag>
              </div>
              <h3>{r.title}</h3>
              <p>
                {t('host', { name: r.hostName })} · <TeamOutlined /> {r.online}
                {r.matchId && <Tag className="live-room-card__match">{t('list.match')}</Tag>}
              </p>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}

export function LiveRoomPage() {
  const { t } = useTranslation('live');
  const { roomId = '' } = useParams();
  const detail = useMatchDetail(roomId);
  const me = useSession((s) => (s.token ? s.userId : null));
  const live = useLiveRoom(roomId, me);
  if (detail.isPending)
    return (
      <div className="live-page">
        <Skeleton active />
      </div>
    );
  if (detail.error)
    return (
      <EmptyState
        icon={<VideoCameraOutlined />}
        title={errorMessage(detail.error)}
        action={<Button onClick={() => goName('live')}>{t('list.back')}</Button>}
      />
    );
  // The socket's figures (10009: title, host, stream url) are newer than the detail's.
  const room = live.state.room ?? detail.data.room;
  return (
    <div className="live-page live-room" data-testid="live-room">
      <div className="live-room__stage">
        <h1 className="live-page__title">
          {room.title} <small>{t('host', { name: room.hostName })}</small>
        </h1>
        <StreamPlayer url={room.streamUrl} title={room.title} />
        {room.matchId && <Tracker roomId={room.roomId} pushed={live.state.score} />}
      </div>
      <ChatView roomId={room.roomId} me={me} live={live} />
    </div>
  );
}
