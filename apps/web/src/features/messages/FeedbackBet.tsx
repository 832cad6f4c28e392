/**
 * The feedback form's "related bet" for a game problem: the member's latest bets of every section
 * (user/queryMemberBetList), one line each. The chosen bet's number heads the feedback text, so the
 * operator who answers finds the bet at once.
 */
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sportApi } from '@portal/contract';
import { call } from '../../api/client.ts';
import { money } from '../../ui/money/format.ts';
import { minuteText } from '../../ui/time/format.ts';

/** How many recent bets the picker offers. */
const BETS_SHOWN = 20;

export function FeedbackBetSelect(props: { value?: string; onChange?: (v: string | undefined) => void }) {
  const { t } = useTranslation('messages');
  const bets = useQuery({
    queryKey: ['feedback', 'memberBets'],
    queryFn: () => call(sportApi.queryMemberBetList, { pageSize: BETS_SHOWN }),
  });
  const list = bets.data?.list ?? [];
  return (
    <Select
      allowClear
      value={props.value}
      onChange={(v: string | undefined) => props.onChange?.(v)}
      loading={bets.isLoading}
      placeholder={t(list.length || bets.isLoading ? 'feedback.betPlaceholder' : 'feedback.betNone')}
      notFoundContent={t('feedback.betNone')}
      aria-label={t('feedback.bet')}
      options={list.map((b) => ({
        value: b.ticketId,
        label: `${minuteText(b.betTime)} · ${b.title} · ${money(b.betAmount)}`,
      }))}
    />
  );
}

/** The feedback text with the chosen bet's number first (none chosen: the text as typed). */
export function withBetRef(content: string, ticketId: string | undefined, ref: (id: string) => string): string {
  return ticketId ? `${ref(ticketId)}\n${content}` : content;
}
