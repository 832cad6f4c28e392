/**
 * /dz/game and /pg/game (?enName=CRDZ&gameCode=H5001[&verify=<roundId>]): the house slot game page — the
 * canvas machine and its controls (SlotGame), the paytable, the recent spins and the provable-fairness panel
 * with its verifier (opened at once with ?verify=). A visitor gets the login prompt; a 6302 answer the
 * non-closable '数据异常，请重新进入游戏' dialog that re-enters (forget the session, launch again).
 * GameHostPage is /game/{info}: a game embedded by its address.
 */
import { useState } from 'react';
import { Button, Space, Spin } from 'antd';
import { ArrowLeftOutlined, SafetyCertificateOutlined, TableOutlined, WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { titleByCode } from '@portal/games';
import { parseWireAmount } from '@portal/rules';
import { errorMessage } from '../../../api/errors.ts';
import { goBack } from '../../../routes/nav.ts';
import { useSession } from '../../../stores/session.ts';
import { EmptyState } from '../../../ui/layout/EmptyState.tsx';
import { SLOT_KEY, langx, slotCall } from './api.ts';
import { LoginFirst, ReenterDialog } from '../hostParts.tsx';
import { FairnessPanel } from './FairnessPanel.tsx';
import { Paytable } from './Paytable.tsx';
import { RecentRounds } from './RecentRounds.tsx';
import { SlotGame } from './SlotGame.tsx';
import './slot.css';
import './slot.phone.css';

/**
 * /game/{info}: a game embedded by its address (spec §2) — `info` is the encoded url a launch answered (absolute
 * http(s), or a path of this site). The game fills the page in a sandboxed frame under a bar with the way back;
 * anything else is refused with a clear message (never a frame of an arbitrary scheme).
 */
export function embeddedGameUrl(info: string | undefined, origin: string): string | null {
  if (!info) return null;
  let raw: string;
  try {
    raw = decodeURIComponent(info);
  } catch {
    return null;
  }
  // An absolute http(s) address, or a path of this site ('/…', not the protocol-relative '//…').
  if (!/^(https?:\/\/|\/(?!\/))/i.test(raw)) return null;
  try {
    const u = new URL(raw, origin);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

export function GameHostPage() {
  const { t } = useTranslation('game');
  const { info } = useParams();
  const url = embeddedGameUrl(info, window.location.origin);
  if (!url)
    return (
      <div className="game-full">
        <EmptyState
          icon={<WarningOutlined />}
          title={t('host.title')}
          description={t('host.invalid')}
          action={<Button onClick={goBack}>{t('host.back')}</Button>}
        />
      </div>
    );
  return (
    <div className="game-embed" data-testid="game-embed">
      <div className="game-embed__bar">
        <Button size="small" icon={<ArrowLeftOutlined />} onClick={goBack}>
          {t('host.back')}
        </Button>
      </div>
      <iframe
        className="game-embed__frame"
        src={url}
        title={t('host.frame')}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        allow="fullscreen; autoplay"
      />
    </div>
  );
}

export function SlotHostPage() {
  const { t } = useTranslation('slot');
  const [params] = useSearchParams();
  const enName = params.get('enName') || 'CRDZ';
  const gameCode = params.get('gameCode') || '';
  const verifyId = params.get('verify') ?? '';
  const member = useSession((s) => s.token !== null);
  const def = titleByCode(gameCode);
  const lang = langx();
  const [paytable, setPaytable] = useState(false);
  const [chosenBet, setBet] = useState<string | null>(null);
  const [fair, setFair] = useState<{ open: boolean; roundId: string }>({ open: Boolean(verifyId), roundId: verifyId });
  const info = useQuery({
    queryKey: [SLOT_KEY, enName, gameCode, 'info'],
    queryFn: () => slotCall(enName, gameCode, 'slotInfo', { gameCode }),
    enabled: member && Boolean(def),
    refetchOnWindowFocus: false,
  });

  if (!member) {
    return (
      <div className="game-full slot-page">
        <LoginFirst ns="slot" />
      </div>
    );
  }
  if (!def) {
    return (
      <div className="game-full slot-page">
        <EmptyState
          icon={<WarningOutlined />}
          title={t('unknown.title')}
          description={t('unknown.text', { code: gameCode })}
          action={<Button onClick={goBack}>{t('back')}</Button>}
        />
      </div>
    );
  }
  const bet = chosenBet ?? info.data?.betLevels[0] ?? '';
  const betFen = parseWireAmount(bet) ?? def.betLevelsFen[0]!;
  return (
    <div className="game-full slot-page" data-testid="slot-page" data-game={def.code}>
      <header className="slot-page__bar">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={goBack}>
          {t('back')}
        </Button>
        <h2>{def.names[lang]}</h2>
        <Space>
          <Button icon={<TableOutlined />} onClick={() => setPaytable(true)} data-testid="slot-paytable-open">
            {t('paytable.open')}
          </Button>
          <Button icon={<SafetyCertificateOutlined />} onClick={() => setFair((f) => ({ ...f, open: true }))} data-testid="slot-fair-open">
            {t('fair.open')}
          </Button>
        </Space>
      </header>
      <p className="slot-page__theme muted">{def.theme[lang]}</p>
      <div className="slot-page__body">
        <div className="slot-page__main">
          {info.data ? (
            <SlotGame def={def} info={info.data} enName={enName} lang={lang} bet={bet} onBet={setBet} />
          ) : info.error ? (
            <EmptyState
              icon={<WarningOutlined />}
              title={t('loadFailed')}
              description={errorMessage(info.error)}
              action={<Button onClick={() => void info.refetch()}>{t('retry')}</Button>}
            />
          ) : (
            <div className="slot-page__loading">
              <Spin description={t('loading')}>
                <div style={{ height: 200 }} />
              </Spin>
            </div>
          )}
        </div>
        {info.data && <RecentRounds enName={enName} gameCode={def.code} onVerify={(roundId) => setFair({ open: true, roundId })} />}
      </div>
      <Paytable def={def} bet={betFen} lang={lang} open={paytable} onClose={() => setPaytable(false)} />
      <FairnessPanel
        enName={enName}
        gameCode={def.code}
        open={fair.open}
        roundId={fair.roundId}
        onClose={() => setFair((f) => ({ ...f, open: false }))}
      />
      <ReenterDialog enName={enName} gameCode={def.code} queryKey={SLOT_KEY} ns="slot" />
    </div>
  );
}
