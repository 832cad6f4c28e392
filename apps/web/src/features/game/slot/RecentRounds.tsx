/** The member's recent spins of this title, newest first (refreshed after each spin), each with a link to the verifier. */
import { Button, Empty, List, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseWireAmount } from '@portal/rules';
import { money } from '../../../ui/money/index.ts';
import { secondText } from '../../../ui/time/format.ts';
import { SLOT_KEY, slotCall } from './api.ts';

export const ROUNDS_PAGE = 10;

export function RecentRounds({ enName, gameCode, onVerify }: { enName: string; gameCode: string; onVerify: (roundId: string) => void }) {
  const { t } = useTranslation('slot');
  const rounds = useQuery({
    queryKey: [SLOT_KEY, enName, gameCode, 'rounds'],
    queryFn: () => slotCall(enName, gameCode, 'rounds', { gameCode, pageNum: 1, pageSize: ROUNDS_PAGE }),
  });
  const list = rounds.data?.list ?? [];
  return (
    <section className="slot-rounds panel" aria-label={t('rounds.title')} data-testid="slot-rounds">
      <h3>{t('rounds.title')}</h3>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rounds.empty')} />
      ) : (
        <List
          size="small"
          dataSource={list}
          renderItem={(r) => {
            const winFen = (parseWireAmount(r.win) ?? 0) + (parseWireAmount(r.jackpotWin) ?? 0);
            return (
              <List.Item
                key={r.roundId}
                data-testid={`slot-round-${r.roundId}`}
                actions={[
                  <Button key="v" type="link" size="small" onClick={() => onVerify(r.roundId)}>
                    {t('rounds.verify')}
                  </Button>,
                ]}
              >
                <div className="slot-rounds__row">
                  <span className="muted">{secondText(r.createdAt)}</span>
                  <span>
                    {t('rounds.bet')} {money(r.bet)}
                  </span>
                  <span className={winFen > 0 ? 'pos' : 'muted'}>
                    {t('rounds.win')} {money(winFen)}
                  </span>
                  {(parseWireAmount(r.jackpotWin) ?? 0) > 0 && <Tag color="gold">{t('rounds.jackpot')}</Tag>}
                </div>
              </List.Item>
            );
          }}
        />
      )}
    </section>
  );
}
