/**
 * A live room's chat: history (older pages on demand), the send box with every gate shown in words (guest, VIP
 * level, paused or closed room, muted until …, the last refusal), the viewer's own block list, and the gift bar.
 * Every message is rendered as React text (never markup): what a player typed reaches others as the same string.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Input, Popconfirm, Tag, message as toast } from 'antd';
import { GiftOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CHAT_LIMITS, type ChatMessageWire } from '@portal/contract';
import { errorMessage } from '../../api/errors.ts';
import { goName } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { blockMember, olderHistory, sendGift, useGifts } from './api.ts';
import { useLiveRoom, type LiveRoom, type RoomState } from './useLiveRoom.ts';
import './live.css';

const time = (ts: number) => new Date(ts).toTimeString().slice(0, 5);

function Line({
  m,
  me,
  onBlock,
  giftName,
}: {
  m: ChatMessageWire;
  me: string | null;
  onBlock: (id: string) => void;
  giftName: (code: string) => string;
}) {
  const { t } = useTranslation('live');
  const [code, count] = m.kind === 'gift' ? m.text.split(':') : ['', ''];
  return (
    <li className={`live-line live-line--${m.kind}`} data-testid="chat-line" data-id={m.id}>
      <span className="live-line__time">{time(m.ts)}</span>
      {m.vip > 0 && <Tag className="live-line__vip">VIP{m.vip}</Tag>}
      <b className="live-line__name">{m.name}</b>
      {m.kind === 'gift' ? (
        <span className="live-line__text">{t('gift.line', { name: giftName(code!), count: Number(count) })}</span>
      ) : (
        <span className="live-line__text">{m.text}</span>
      )}
      {me && m.userId !== me && m.kind !== 'host' && (
        <Popconfirm title={t('block.confirm', { name: m.name })} onConfirm={() => onBlock(m.userId)}>
          <Button type="text" size="small" className="live-line__block" aria-label={t('block.action')} icon={<StopOutlined />} />
        </Popconfirm>
      )}
    </li>
  );
}

/** Why the viewer cannot speak right now, in words (null: they can). */
function gateText(s: RoomState, member: boolean, now: number, t: TFunction<'live'>): string | null {
  if (!member) return t('gate.guest');
  if (s.gone) return t('gate.gone');
  if (s.room?.status === 'closed') return t('gate.closed');
  if (s.room?.status === 'paused') return t('gate.paused');
  if (s.mutedUntil && s.mutedUntil > now) return t('gate.muted', { time: time(s.mutedUntil) });
  if (!s.canSend && !s.mutedUntil && s.room && s.room.minVip > 0) return t('gate.vip', { vip: s.room.minVip });
  return null;
}

function GiftBar({ roomId, disabled }: { roomId: string; disabled: boolean }) {
  const { t } = useTranslation('live');
  const gifts = useGifts();
  const [busy, setBusy] = useState<string | null>(null);
  const send = async (code: string) => {
    setBusy(code);
    try {
      const r = await sendGift(roomId, code, 1, crypto.randomUUID());
      void toast.success(t('gift.sent', { balance: r.balance }));
    } catch (e) {
      void toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="live-gifts" data-testid="gift-bar">
      {(gifts.data ?? []).map((g) => (
        <Button
          key={g.code}
          size="small"
          className={`live-gift live-gift--${g.code}`}
          disabled={disabled}
          loading={busy === g.code}
          onClick={() => void send(g.code)}
          data-testid={`gift-${g.code}`}
        >
          <GiftOutlined /> {g.name} <small>¥{g.price}</small>
        </Button>
      ))}
    </div>
  );
}

/** The chat of a room on its own (the sport book's side panel): sits in the room while mounted. */
export function ChatPanel({ roomId, compact = false }: { roomId: string; compact?: boolean }) {
  const me = useSession((s) => (s.token ? s.userId : null));
  return <ChatView roomId={roomId} me={me} live={useLiveRoom(roomId, me)} compact={compact} />;
}

export function ChatView({ roomId, me, live, compact = false }: { roomId: string; me: string | null; live: LiveRoom; compact?: boolean }) {
  const { t } = useTranslation('live');
  const { state, dispatch, say } = live;
  const gifts = useGifts();
  const [text, setText] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const now = Date.now();
  const gate = gateText(state, me !== null, now, t);
  const giftName = (code: string) => gifts.data?.find((g) => g.code === code)?.name ?? code;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [state.messages.length]);
  const submit = () => {
    if (say(text)) setText('');
  };
  const older = async () => {
    if (state.cursor === null) return;
    const page = await olderHistory(roomId, state.cursor).catch(() => null);
    if (page) dispatch({ type: 'older', list: page.list, cursor: page.cursor });
  };
  const block = async (userId: string) => {
    await blockMember(userId, true).catch((e: unknown) => void toast.error(errorMessage(e)));
    dispatch({ type: 'hide', userId });
  };
  return (
    <section className={`live-chat${compact ? ' live-chat--compact' : ''}`} data-testid="live-chat" aria-label={t('chat.title')}>
      {state.welcome && <p className="live-chat__welcome">{state.welcome}</p>}
      {state.prediction && (
        <p className="live-chat__prediction" data-testid="prediction">
          {t('prediction', { h: state.prediction.scoreH, c: state.prediction.scoreC })} {state.prediction.note}
        </p>
      )}
      <div className="live-chat__gifts-show" aria-live="polite">
        {state.gifts.map((g) => (
          <div
            key={g.key}
            className={`live-gift-pop live-gift-pop--${g.giftCode}`}
            data-testid="gift-pop"
            onAnimationEnd={() => dispatch({ type: 'giftDone', key: g.key })}
          >
            {t('gift.pop', { name: g.name, gift: giftName(g.giftCode), count: g.count })}
          </div>
        ))}
      </div>
      {state.cursor !== null && (
        <Button type="link" size="small" onClick={() => void older()}>
          {t('chat.older')}
        </Button>
      )}
      <ul className="live-chat__list" ref={list} data-testid="chat-list">
        {state.joined && state.messages.length === 0 && <li className="live-chat__empty">{t('chat.empty')}</li>}
        {state.messages.map((m) => (
          <Line key={m.id} m={m} me={me} onBlock={(id) => void block(id)} giftName={giftName} />
        ))}
      </ul>
      {state.joins.length > 0 && <p className="live-chat__joins">{t('chat.joined', { name: state.joins[state.joins.length - 1] })}</p>}
      {state.notice && (
        <p className="live-chat__notice" role="alert" data-testid="chat-notice">
          {state.notice}
        </p>
      )}
      {gate ? (
        <p className="live-chat__gate" data-testid="chat-gate">
          {gate}{' '}
          {!me && (
            <Button type="link" size="small" onClick={() => goName('login')}>
              {t('gate.login')}
            </Button>
          )}
        </p>
      ) : (
        <div className="live-chat__send">
          <Input
            value={text}
            maxLength={CHAT_LIMITS.MAX_TEXT}
            placeholder={t('chat.placeholder')}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={submit}
            data-testid="chat-input"
          />
          <Button type="primary" onClick={submit} disabled={!text.trim()} data-testid="chat-send">
            {t('chat.send')}
          </Button>
        </div>
      )}
      {me && <GiftBar roomId={roomId} disabled={state.gone || state.room?.status === 'closed'} />}
    </section>
  );
}
