/**
 * The sport book's live rooms: above the in-play list, the matches shown that have a room; opening one puts its
 * chat in a side panel beside the odds (a drawer from the bottom on a phone). Nothing when no shown match has one.
 */
import { useState } from 'react';
import { Button, Drawer, Grid } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useHotLive } from './api.ts';
import { ChatPanel } from './ChatPanel.tsx';
import './live.css';

export function SportRooms({ gameIds }: { gameIds: readonly string[] }) {
  const { t } = useTranslation('live');
  const rooms = useHotLive();
  const phone = !Grid.useBreakpoint().md;
  const [open, setOpen] = useState<string | null>(null);
  const shown = new Set(gameIds);
  const mine = (rooms.data ?? []).filter((r) => r.matchId !== null && shown.has(r.matchId) && r.status !== 'closed');
  if (mine.length === 0) return null;
  const current = mine.find((r) => r.roomId === open) ?? null;
  return (
    <div className="live-sport-rooms" data-testid="sport-live-rooms">
      <span className="live-sport-rooms__label">{t('sport.rooms')}</span>
      {mine.map((r) => (
        <Button key={r.roomId} size="small" icon={<MessageOutlined />} onClick={() => setOpen(r.roomId)} data-testid="sport-live-room">
          {r.title} · {t('host', { name: r.hostName })}
        </Button>
      ))}
      <Drawer
        open={current !== null}
        onClose={() => setOpen(null)}
        title={current?.title}
        placement={phone ? 'bottom' : 'right'}
        size={phone ? 520 : 400}
        mask={phone}
        destroyOnHidden
      >
        {current && <ChatPanel roomId={current.roomId} compact />}
      </Drawer>
    </div>
  );
}
