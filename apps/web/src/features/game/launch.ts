/**
 * Game launch (spec §4 "Game launch", §8 client reactions), for every lobby and the home page's hot games:
 * - a visitor: '请先登录账号，才能了解更多' and the login dialog (as the sport page does);
 * - an absolute http(s) url opens in a new window when the site flag openInNewWindow is on, else framed inside
 *   the portal (/game/{info}) when innerGame is on, else in this page; a relative url is first prefixed with this
 *   page's origin;
 * - no url but data (a house game): the venue session is stored (sessions.ts) and the game's page opens with
 *   ?enName=…&gameCode=…: the house tables /zr/table (crzr), 棋牌's /qp/table (crqp), the lottery draws /cp/game (crcp), else the slot
 *   page /dz/game;
 * - 6413 (venue activity): the venue-entry dialog with the server's message (its 进入游戏 launches again,
 *   acknowledging the activity); any other error: the server's message.
 * A successful launch puts the game first in "recently played".
 */
import { StatusCode, gameApi } from '@portal/contract';
import { bus } from '../../app/events.ts';
import { i18n } from '../../app/i18n.ts';
import { call } from '../../api/client.ts';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { currentSite } from '../../api/site.ts';
import { browser, goName, isExternalUrl, openPath } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { rememberRecent } from './recent.ts';
import { rememberSession } from './sessions.ts';

export interface LaunchTarget {
  /** The venue's launch name (venue enName, the channel code in lower case). */
  enName: string;
  /** The game; '' enters the venue as a whole. */
  gameCode: string;
}

export type LaunchOutcome = 'login' | 'opened' | 'host' | 'venue-entry' | 'failed';

/** A venue's launch name from its channel code (the venue list answers enName; a game only its channelCode). */
export const enNameOf = (channelCode: string) => channelCode.toLowerCase();

const flags = () => currentSite()?.siteBaseConfig.flags;

/**
 * Where a launched address opens, by the brand's flags (docs/configuration.md "Brand flags"): openInNewWindow → a new
 * window; else innerGame → inside the portal, framed by /game/{info} under the portal's bar; else this page leaves
 * for the game.
 */
function openUrl(url: string): void {
  const absolute = isExternalUrl(url) ? url : `${window.location.origin}${url.startsWith('/') ? '' : '/'}${url}`;
  if (flags()?.openInNewWindow) browser.open(absolute);
  else if (flags()?.innerGame) openPath(`/game/${encodeURIComponent(absolute)}`);
  else browser.assign(absolute);
}

/** The page hosting a house game by its venue: the tables (crzr), the lottery draws (crcp), else the slot page. */
export function hostRoute(enName: string): 'zrTable' | 'qpTable' | 'cpGame' | 'byGame' | 'dzGame' {
  const venue = enName.toLowerCase();
  if (venue === 'crby') return 'byGame';
  // 棋牌's tables sit under the 棋牌 section (/qp/table), not 真人's.
  if (venue === 'crqp') return 'qpTable';
  return venue === 'crzr' ? 'zrTable' : venue === 'crcp' ? 'cpGame' : 'dzGame';
}

export async function launchGame(target: LaunchTarget, options: { isActivity?: 0 | 1 } = {}): Promise<LaunchOutcome> {
  await i18n.loadNamespaces(['game', 'dialogs']);
  const t = i18n.getFixedT(null, 'game');
  if (!useSession.getState().token) {
    notify.warning(t('launch.loginFirst'));
    bus.emit('login');
    return 'login';
  }
  bus.emit('show_loading', { text: i18n.t('dialogs:loading.starting') });
  try {
    const body = { enName: target.enName, gameCode: target.gameCode, ...(options.isActivity ? { isActivity: options.isActivity } : {}) };
    const r = await call(gameApi.launch, body);
    if (r.url) {
      rememberRecent({ gameCode: target.gameCode, enName: target.enName });
      openUrl(r.url);
      return 'opened';
    }
    if (r.data) {
      const gameCode = r.data.gameCode ?? target.gameCode;
      rememberSession({ enName: r.data.enName, gameCode, token: r.data.token, expiresAt: r.data.expiresAt });
      rememberRecent({ gameCode: target.gameCode, enName: target.enName });
      goName(hostRoute(r.data.enName), { query: { enName: r.data.enName, gameCode } });
      return 'host';
    }
    notify.error(t('launch.unavailable'));
    return 'failed';
  } catch (e) {
    if (e instanceof ApiError && e.status_code === StatusCode.VENUE_ACTIVITY) {
      bus.emit('show_venue_entry', {
        message: e.message,
        channelCode: target.enName.toUpperCase(),
        onEnter: () => void launchGame(target, { isActivity: 1 }),
      });
      return 'venue-entry';
    }
    if (!(e instanceof ApiError && e.handled)) notify.error(errorMessage(e));
    return 'failed';
  } finally {
    bus.emit('dismiss_loading');
  }
}
