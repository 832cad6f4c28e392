/** Shared pieces of the promotion pages: queries, the join action, banner art, money and period text. */
import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CalendarOutlined,
  CrownOutlined,
  FireOutlined,
  GiftOutlined,
  RocketOutlined,
  TeamOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { activityApi, type ResponseOf } from '@portal/contract';
import { call } from '../../api/client.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { errorMessage, isApiError } from '../../api/errors.ts';
import { useSession } from '../../stores/session.ts';
import './activity.css';

export const ACTIVITY_KEY = 'activity';
export type Summary = ResponseOf<typeof activityApi.config>['list'][number];
export type Detail = ResponseOf<typeof activityApi.confirmInfo>;
export type JoinResult = ResponseOf<typeof activityApi.joinActivity>;

/** The brand's business day (UTC+8) of an instant; `end` reads an exclusive end as its last day. */
const dateOf = (iso: string, end = false) => new Date(Date.parse(iso) - (end ? 1 : 0) + 8 * 3_600_000).toISOString().slice(0, 10);

export function Period({ p }: { p: Pick<Summary, 'startAt' | 'endAt'> }) {
  const { t } = useTranslation('activity');
  return (
    <span className="promo-period">
      <CalendarOutlined /> {p.endAt ? t('period', { from: dateOf(p.startAt), to: dateOf(p.endAt, true) }) : t('longTerm')}
    </span>
  );
}

const TYPE_ICONS: Record<Summary['type'], ReactNode> = {
  first_deposit: <WalletOutlined />,
  re_deposit: <FireOutlined />,
  sign_in: <CalendarOutlined />,
  betting_gift: <CrownOutlined />,
  draw_gift: <GiftOutlined />,
  race: <TrophyOutlined />,
  new_member: <RocketOutlined />,
  friend_invite: <TeamOutlined />,
};

/** The house banner art of a promotion (theme gradient, type emblem, title and highlights), or the operator's image. */
export function Banner({
  p,
  size = 'card',
}: {
  p: Pick<Summary, 'type' | 'title' | 'summary' | 'banner' | 'highlights'>;
  size?: 'card' | 'hero';
}) {
  return (
    <div
      className={`promo-banner promo-banner--${p.banner.theme} promo-banner--${size}`}
      role="img"
      aria-label={p.title}
      style={p.banner.image ? { backgroundImage: `url(${p.banner.image})` } : undefined}
    >
      <span className="promo-banner__emblem" aria-hidden="true">
        {TYPE_ICONS[p.type]}
      </span>
      <div className="promo-banner__text">
        <strong className="promo-banner__title">{p.title}</strong>
        {p.summary && <span className="promo-banner__summary">{p.summary}</span>}
        <span className="promo-banner__chips">
          {p.highlights.map((h) => (
            <em key={h}>{h}</em>
          ))}
        </span>
      </div>
    </div>
  );
}

export function useConfig(q: { category?: string; id?: string } = {}) {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: [ACTIVITY_KEY, 'config', q, !!token], queryFn: () => call(activityApi.config, q as never) });
}

export function useDetail(id: string | undefined) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [ACTIVITY_KEY, 'detail', id],
    queryFn: () => call(activityApi.confirmInfo, { activityId: id! }),
    enabled: !!token && !!id,
  });
}

/** Join / check in / claim / spin: shows the answer, refreshes the pages and the header balance. */
export function useJoin(id: string, onDone?: (r: JoinResult) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (option?: string) => call(activityApi.joinActivity, { activityId: id, ...(option ? { option } : {}) }),
    onSuccess: (r) => {
      if (r.rewards.some((x) => x.status === 'flagged')) notify.warning(r.message);
      else notify.success(r.message);
      onDone?.(r);
      void qc.invalidateQueries({ queryKey: [ACTIVITY_KEY] });
      void useSession.getState().loadBalance();
    },
    onError: (e) => {
      if (!(isApiError(e) && e.handled)) notify.error(errorMessage(e));
    },
  });
}

export function Section({ title, children, extra }: { title: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    <section className="panel promo-section">
      <div className="promo-section__head">
        <h2 className="panel__title">{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}
