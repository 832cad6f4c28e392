/**
 * Mounted once in the shell's deferred roots. For a logged-in member: the reality check and the session time
 * limit (RealityWatch), and the withdrawal-only routing of an excluded member (the pages that move money in or
 * play send them to 取款 with the reason). For anyone: the line offering the tools after registering.
 */
import { useEffect, useRef } from 'react';
import { Button, notification } from 'antd';
import { matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bus } from '../../app/events.ts';
import { openPath } from '../../routes/nav.ts';
import { routePath, type RouteName } from '../../routes/paths.ts';
import { useSession } from '../../stores/session.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { minuteText } from '../../ui/time/format.ts';
import { activeExclusion, useProtectionState } from './api.ts';
import { RealityDialog, RealityWatch, SessionOverDialog } from './RealityCheck.tsx';
import './protection.css';

/** The game lobbies stay open to browse (a launch or a bet is refused by the server with its message). */
const LOBBIES: RouteName[] = ['sport', 'realbet', 'chess', 'gaming', 'lottery', 'egame', 'fishing', 'venture'];
/** Where an excluded member cannot go: deposits, transfers into venues and the pages that host a game. */
const PLAY_OR_PAY: RouteName[] = [
  'saveMoney',
  'transferMoney',
  'localSport',
  'game',
  'pgGame',
  'dzGame',
  'zrTable',
  'qpTable',
  'qpDoudizhu',
  'cpGame',
];

export function isPlayOrPayPath(pathname: string): boolean {
  if (LOBBIES.some((name) => matchPath(routePath(name), pathname))) return false;
  return PLAY_OR_PAY.some((name) => matchPath(routePath(name), pathname) !== null);
}

/** An excluded member on a page that moves money in or plays goes to 取款, told why. */
function ExcludedRouting() {
  const { t } = useTranslation('protection');
  const { pathname } = useLocation();
  const state = useProtectionState();
  const exclusion = activeExclusion(state.data?.exclusion);
  useEffect(() => {
    if (!exclusion || !isPlayOrPayPath(pathname)) return;
    notify.warning(
      exclusion.until === null ? t('exclusion.donePermanent') : t('exclusion.doneUntil', { until: minuteText(exclusion.until) }),
    );
    openPath(routePath('takeMoney'), { replace: true });
  }, [exclusion, pathname, t]);
  return null;
}

/** After registering: one short line with a link to the tools. */
function useRegisterOffer() {
  const { t } = useTranslation('protection');
  const [api, holder] = notification.useNotification();
  const shown = useRef(false);
  useEffect(
    () =>
      bus.on('registered', () => {
        if (shown.current) return;
        shown.current = true;
        const key = 'rg-offer';
        api.info({
          key,
          title: t('offer.title'),
          description: t('offer.register'),
          placement: 'bottomRight',
          duration: 15,
          actions: (
            <Button
              type="primary"
              size="small"
              onClick={() => {
                api.destroy(key);
                openPath(routePath('protection'));
              }}
            >
              {t('offer.go')}
            </Button>
          ),
        });
      }),
    [api, t],
  );
  return holder;
}

export function ProtectionRoot() {
  const token = useSession((s) => s.token);
  const holder = useRegisterOffer();
  return (
    <>
      {holder}
      {token && (
        <>
          <RealityWatch key={token} />
          <ExcludedRouting />
        </>
      )}
      <RealityDialog />
      <SessionOverDialog />
    </>
  );
}
