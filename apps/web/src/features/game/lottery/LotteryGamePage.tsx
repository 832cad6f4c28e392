/**
 * /cp/game?enName=crcp&gameCode=K3|D5|RC10: a house lottery draw — 快三, 五星彩, 极速赛车. The header (issue,
 * countdowns to 封盘 and 开奖, balance, the random-number notice, the seed hash), the draw animated from the pushed
 * state (the last draw's result between draws), the bet board and the slip (with 追号), the member's bets on this
 * draw and chases, then the draw history and the trend chart. A visitor gets the login prompt; a 6302 answer the
 * non-closable '数据异常，请重新进入游戏' dialog that re-enters (as the slot page).
 */
import { useRef, useState } from 'react';
import { Button, ConfigProvider, Spin, Tabs, theme } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TABLE_LIMITS, type TableInfoWire, type TableStateWire } from '@portal/contract';
import { errorMessage } from '../../../api/errors.ts';
import { goBack } from '../../../routes/nav.ts';
import { useSession } from '../../../stores/session.ts';
import { EmptyState } from '../../../ui/layout/EmptyState.tsx';
import { useCountdown } from '../../../ui/useCountdown.ts';
import { LoginFirst, ReenterDialog } from '../hostParts.tsx';
import { LOTTERY_GAMES, LOTTERY_KEY, LOTTERY_VENUE, isLotteryCode, lotteryCall, type LotteryKind } from './api.ts';
import { BetBoard } from './BetBoard.tsx';
import { BetSlip, type Pick } from './BetSlip.tsx';
import { DrawHeader, phaseOf } from './DrawHeader.tsx';
import { TableFigures } from '../LongRunFigures.tsx';
import { DrawHistory } from './DrawHistory.tsx';
import { DrawStage } from './DrawStage.tsx';
import { MyChases, MyDrawBets, RecentBets } from './MyBets.tsx';
import { TrendChart } from './TrendChart.tsx';
import { numbersOf, stepNumbers } from './trend.ts';
import { historyKey, localTime, useDraw, useTableInfo } from './useDraw.ts';
import './lottery.css';
import './lottery.phone.css';

const DARK_TOKENS = { colorBgContainer: '#171b26', colorBgElevated: '#222838', colorBgLayout: '#0e1015' };

/**
 * What the stage shows: the draw whose bets closed, waiting for its time; else the draw before the open one as the
 * state carries it (`last`: revealing, then its result); else the history's newest.
 */
function useStage(enName: string, gameCode: string, kind: LotteryKind, state: TableStateWire) {
  const latest = useQuery({
    queryKey: [...historyKey(gameCode), 'page', 1],
    queryFn: () => lotteryCall(enName, gameCode, 'tableHistory', { gameCode, pageNum: 1, pageSize: 10 }),
    refetchOnWindowFocus: false,
  });
  const shown = state.status === 'betting' ? (state.last ?? null) : state;
  if (shown && shown.status !== 'betting' && shown.status !== 'cancelled') {
    const numbers = shown.outcome ? (numbersOf(kind, shown.outcome) ?? []) : stepNumbers(kind, shown.steps);
    const title = shown.status === 'closed' ? 'result.waiting' : shown.status === 'revealing' ? 'result.drawing' : 'result.last';
    return { issue: shown.issue, numbers, live: shown.status === 'revealing', key: `${shown.seq}`, title };
  }
  const newest = latest.data?.list.find((d) => d.status === 'settled');
  if (!newest) return null;
  return { issue: newest.issue, numbers: numbersOf(kind, newest.outcome) ?? [], live: false, key: `${newest.seq}`, title: 'result.last' };
}

function DrawTable({ enName, gameCode, kind, info }: { enName: string; gameCode: string; kind: LotteryKind; info: TableInfoWire }) {
  const { t } = useTranslation('lottery');
  const view = useDraw(gameCode, info.state);
  const state = view.state;
  const skew = view.skewMs;
  const [closeLeft] = useCountdown(localTime(state.closesAt, skew));
  const [drawLeft] = useCountdown(localTime(state.drawAt, skew));
  const phase = phaseOf(state, closeLeft);
  const open = phase === 'open';
  const [picks, setPicks] = useState<Pick[]>([]);
  const [chip, setChip] = useState<string>(info.chips[0] ?? TABLE_LIMITS.CHIPS[0]);
  const [below, setBelow] = useState('history');
  const belowRef = useRef<HTMLDivElement>(null);
  const stage = useStage(enName, gameCode, kind, state);
  const picked = new Set(picks.map((p) => p.type));
  const toggle = (key: string) =>
    setPicks((ps) =>
      ps.some((p) => p.type === key)
        ? ps.filter((p) => p.type !== key)
        : ps.length >= TABLE_LIMITS.SPOTS_PER_BET
          ? ps
          : [...ps, { type: key, amount: chip }],
    );
  const showFairness = () => {
    setBelow('history');
    belowRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <>
      <DrawHeader
        name={t(`game.${gameCode}`)}
        state={state}
        closeLeft={closeLeft}
        drawLeft={drawLeft}
        balance={info.balance}
        onFairness={showFairness}
      />
      <div className="lottery-page__body">
        <div className="lottery-page__main">
          <section className="lottery-result" data-testid="lottery-result">
            <h3>{stage ? t(stage.title, { issue: stage.issue }) : t('result.none')}</h3>
            {stage && <DrawStage kind={kind} numbers={stage.numbers} live={stage.live} drawKey={stage.key} />}
          </section>
          <BetBoard kind={kind} betTypes={info.betTypes} picked={picked} onToggle={toggle} disabled={!open} />
          {!open && (
            <p className="lottery-locked" data-testid="lottery-locked">
              {t(`locked.${phase}`)}
            </p>
          )}
        </div>
        <aside className="lottery-page__side">
          <BetSlip
            enName={enName}
            kind={kind}
            info={info}
            seq={state.seq}
            picks={picks}
            onPicks={setPicks}
            chip={chip}
            onChip={setChip}
            open={open}
          />
          <MyDrawBets enName={enName} kind={kind} info={info} seq={state.seq} open={open} />
          <RecentBets enName={enName} kind={kind} gameCode={gameCode} />
          <MyChases enName={enName} gameCode={gameCode} />
          <TableFigures kind={kind} variant={null} />
        </aside>
      </div>
      <div ref={belowRef} className="lottery-page__below">
        <Tabs
          activeKey={below}
          onChange={setBelow}
          items={[
            { key: 'history', label: t('history.title'), children: <DrawHistory enName={enName} gameCode={gameCode} kind={kind} /> },
            { key: 'trend', label: t('trend.title'), children: <TrendChart enName={enName} gameCode={gameCode} kind={kind} /> },
          ]}
        />
      </div>
    </>
  );
}

export function LotteryGamePage() {
  const { t } = useTranslation('lottery');
  const [params] = useSearchParams();
  const enName = (params.get('enName') || LOTTERY_VENUE).toLowerCase();
  const gameCode = (params.get('gameCode') || '').toUpperCase();
  const member = useSession((s) => s.token !== null);
  const known = isLotteryCode(gameCode);
  const info = useTableInfo(enName, gameCode, member && known);
  let body;
  if (!member) {
    body = <LoginFirst ns="lottery" />;
  } else if (!known) {
    body = (
      <EmptyState
        icon={<WarningOutlined />}
        title={t('unknown.title')}
        description={t('unknown.text')}
        action={<Button onClick={goBack}>{t('back')}</Button>}
      />
    );
  } else if (info.data) {
    body = <DrawTable enName={enName} gameCode={gameCode} kind={LOTTERY_GAMES[gameCode]} info={info.data} />;
  } else if (info.error) {
    body = (
      <EmptyState
        icon={<WarningOutlined />}
        title={t('loadFailed')}
        description={errorMessage(info.error)}
        action={<Button onClick={() => void info.refetch()}>{t('retry')}</Button>}
      />
    );
  } else {
    body = (
      <div className="lottery-page__loading">
        <Spin description={t('loading')}>
          <div style={{ height: 200 }} />
        </Spin>
      </div>
    );
  }
  return (
    // A dark stage in both editions (as the slot page): antd's parts in its dark algorithm, on dark containers (the
    // classic edition's tokens set them white).
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm, token: DARK_TOKENS }}>
      <div className="game-full lottery-page" data-testid="lottery-page" data-game={gameCode}>
        {body}
        {member && known && <ReenterDialog enName={enName} gameCode={gameCode} queryKey={LOTTERY_KEY} ns="lottery" />}
      </div>
    </ConfigProvider>
  );
}
