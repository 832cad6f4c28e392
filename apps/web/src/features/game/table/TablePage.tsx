/**
 * /zr/table?enName=crzr&gameCode=BAC1: a house table (baccarat and its no-commission variant, dragon tiger, sic
 * bo, roulette). The header names the table and its round and says plainly that a random number generator draws
 * it — no live dealer; the balance is the venue wallet's. Beside the play area: the roads of a card table's shoe
 * or the last results, and the fairness fold. A visitor is asked to log in; a 6302 answer offers to re-enter.
 */
import { Alert, Button, Spin } from 'antd';
import { ArrowLeftOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/errors.ts';
import { goBack } from '../../../routes/nav.ts';
import { useSession } from '../../../stores/session.ts';
import { EmptyState } from '../../../ui/layout/EmptyState.tsx';
import { money } from '../../../ui/money/format.ts';
import { LoginFirst, ReenterDialog } from '../hostParts.tsx';
import { TABLE_KEY, ZR_VENUE } from './api.ts';
import { Fairness } from './Fairness.tsx';
import { TableFigures } from '../LongRunFigures.tsx';
import { RecentStrip } from './RecentStrip.tsx';
import { Roads } from './Roads.tsx';
import { TableGame } from './TableGame.tsx';
import { useTable } from './useTable.ts';
import { CardsRoad } from '../../cards/CardsRoad.tsx';
import { isCardsKind } from '../../cards/model.ts';
import './table.css';
import './layout.css';
import './roads.css';
import './table.phone.css';

export function TablePage() {
  const { t } = useTranslation('table');
  const [params] = useSearchParams();
  const enName = params.get('enName') || ZR_VENUE;
  const gameCode = params.get('gameCode') || '';
  const member = useSession((s) => s.token !== null);
  const table = useTable(enName, gameCode, member && Boolean(gameCode));
  if (!member)
    return (
      <div className="game-full table-page">
        <LoginFirst ns="table" />
      </div>
    );
  if (!gameCode)
    return (
      <div className="game-full table-page">
        <EmptyState
          icon={<WarningOutlined />}
          title={t('unknown')}
          description={t('unknownText')}
          action={<Button onClick={goBack}>{t('back')}</Button>}
        />
      </div>
    );
  const info = table.info.data;
  const state = table.state ?? info?.state;
  const cardTable = info?.kind === 'baccarat' || info?.kind === 'dragonTiger';
  const lastSettled = table.history.data?.list.find((e) => e.status === 'settled') ?? null;
  return (
    <div className="game-full table-page" data-testid="table-page">
      <header className="table-page__bar">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={goBack}>
          {t('back')}
        </Button>
        <div className="table-page__title">
          <h2 data-testid="table-name">{info?.name ?? ''}</h2>
          {state && (
            <span className="table-page__issue" data-testid="table-issue">
              {t('issue', { issue: state.issue })}
            </span>
          )}
          {info?.variant && <span className="table-page__variant">{t(`variant.${info.variant}`)}</span>}
        </div>
        <span className="table-page__balance">
          {t('balance')} <b data-testid="table-balance">{money(table.balance ?? info?.balance)}</b>
        </span>
      </header>
      <Alert className="table-page__notice" type="info" showIcon title={t('notice')} data-testid="rng-notice" />
      {info && state ? (
        <div className="table-page__body">
          <main className="table-page__main">
            <TableGame enName={enName} table={table} />
          </main>
          <aside className="table-page__side">
            {state.shoe && cardTable && (
              <p className="table-page__shoe muted">
                {t('roads.shoe', { shoe: state.shoe.shoeNo, hand: state.shoe.hand, left: state.shoe.left })}
              </p>
            )}
            {isCardsKind(info.kind) ? (
              <CardsRoad kind={info.kind} list={table.history.data?.list ?? []} />
            ) : cardTable ? (
              <Roads results={table.shoeResults} dragonTiger={info.kind === 'dragonTiger'} />
            ) : (
              <RecentStrip kind={info.kind} list={table.history.data?.list ?? []} />
            )}
            <Fairness kind={info.kind} gameCode={info.gameCode} state={state} last={lastSettled} />
            <TableFigures kind={info.kind} variant={info.variant} />
          </aside>
        </div>
      ) : table.info.error ? (
        <EmptyState
          icon={<WarningOutlined />}
          title={t('loadFailed')}
          description={errorMessage(table.info.error)}
          action={<Button onClick={() => void table.info.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <div className="table-page__loading">
          <Spin description={t('loading')}>
            <div style={{ height: 200 }} />
          </Spin>
        </div>
      )}
      <ReenterDialog enName={enName} gameCode={gameCode} queryKey={TABLE_KEY} ns="table" />
    </div>
  );
}
