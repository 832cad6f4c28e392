/**
 * The bet board: a tab per group (快三 和值 / 大小单双 / 三同号 / 二同号; 五星彩 a tab per position and 总和;
 * 极速赛车 a tab per place and 冠亚和), each spot with its odds from the table. A click picks or drops a spot;
 * after 封盘 the spots are disabled.
 */
import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TableBetTypeWire } from '@portal/contract';
import type { LotteryKind } from './api.ts';
import { CarChip } from './art.tsx';
import { boardTabs, parseKey, spotText, type BoardTab } from './board.ts';

interface Props {
  kind: LotteryKind;
  betTypes: readonly TableBetTypeWire[];
  picked: ReadonlySet<string>;
  onToggle: (key: string) => void;
  disabled: boolean;
}

function Spot({
  k,
  odds,
  picked,
  onToggle,
  disabled,
  side,
}: {
  k: string;
  odds: string;
  picked: boolean;
  onToggle: () => void;
  disabled: boolean;
  side: boolean;
}) {
  const { t } = useTranslation('lottery');
  const p = parseKey(k);
  const text = spotText(t, k);
  return (
    <button
      type="button"
      className={`lottery-spot${side ? ' lottery-spot--side' : ''}${picked ? ' is-picked' : ''}`}
      aria-pressed={picked}
      disabled={disabled}
      onClick={onToggle}
      data-spot={k}
    >
      <span className="lottery-spot__name">{p?.at === 'car' ? <CarChip n={p.n} size={26} /> : text}</span>
      <span className="lottery-spot__odds">{odds}</span>
    </button>
  );
}

function TabBody({ tab, odds, ...rest }: { tab: BoardTab; odds: Map<string, string> } & Omit<Props, 'kind' | 'betTypes'>) {
  const nums = tab.numbers.filter((k) => odds.has(k));
  const sides = tab.sides.filter((k) => odds.has(k));
  return (
    <div className="lottery-board__tab">
      {nums.length > 0 && (
        <div className="lottery-board__numbers">
          {nums.map((k) => (
            <Spot
              key={k}
              k={k}
              odds={odds.get(k)!}
              picked={rest.picked.has(k)}
              onToggle={() => rest.onToggle(k)}
              disabled={rest.disabled}
              side={false}
            />
          ))}
        </div>
      )}
      {sides.length > 0 && (
        <div className="lottery-board__sides">
          {sides.map((k) => (
            <Spot
              key={k}
              k={k}
              odds={odds.get(k)!}
              picked={rest.picked.has(k)}
              onToggle={() => rest.onToggle(k)}
              disabled={rest.disabled}
              side
            />
          ))}
        </div>
      )}
    </div>
  );
}

export function BetBoard({ kind, betTypes, ...rest }: Props) {
  const { t } = useTranslation('lottery');
  const odds = new Map(betTypes.map((b) => [b.key, b.odds]));
  const tabs = boardTabs(kind).filter((tab) => [...tab.numbers, ...tab.sides].some((k) => odds.has(k)));
  const [active, setActive] = useState<string | undefined>(undefined);
  const pickedIn = (tab: BoardTab) => [...tab.numbers, ...tab.sides].filter((k) => rest.picked.has(k)).length;
  return (
    <section className="lottery-board" data-testid="lottery-board" aria-label={t('board.title')}>
      <Tabs
        activeKey={active ?? tabs[0]?.id}
        onChange={setActive}
        size="small"
        items={tabs.map((tab) => {
          const n = pickedIn(tab);
          return {
            key: tab.id,
            label: (
              <span data-tab={tab.id}>
                {t(tab.label[0], tab.label[1])}
                {n > 0 && <sup className="lottery-board__count">{n}</sup>}
              </span>
            ),
            children: <TabBody tab={tab} odds={odds} {...rest} />,
          };
        })}
      />
      <p className="lottery-board__hint muted">{t(kind === 'k3' ? 'board.oddsHintK3' : 'board.oddsHint')}</p>
    </section>
  );
}
