/**
 * 公平性验证 (a fold under the table): the current round's seed hash, committed before its window opened, and the
 * last settled round's revealed seed with a 验证 button checking it here (verify.ts).
 */
import { useState } from 'react';
import { Button, Collapse } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TableHistoryEntryWire, TableKindWire, TableStateWire } from '@portal/contract';
import { checkRound, type RoundCheck } from './verify.ts';

function Verdict({ check, issue }: { check: RoundCheck; issue: string }) {
  const { t } = useTranslation('table');
  const line = (ok: boolean, key: string) => (
    <li className={ok ? 'tfair__ok' : 'tfair__bad'}>
      {t(key)} · {t(ok ? 'fair.ok' : 'fair.bad')}
    </li>
  );
  return (
    <ul className="tfair__verdict" data-testid="fair-verdict">
      <li className="tfair__checked">{t('fair.checked', { issue })}</li>
      {line(check.hashOk, 'fair.checkHash')}
      {check.outcomeOk === null ? <li className="muted">{t('fair.cardNote')}</li> : line(check.outcomeOk, 'fair.checkOutcome')}
    </ul>
  );
}

export function Fairness({
  kind,
  gameCode,
  state,
  last,
}: {
  kind: TableKindWire;
  gameCode: string;
  state: TableStateWire;
  last: TableHistoryEntryWire | null;
}) {
  const { t } = useTranslation('table');
  // The verdict stays with the round it checked (a newer round may settle meanwhile and become the last one).
  const [check, setCheck] = useState<{ issue: string; result: RoundCheck } | null>(null);
  const body = (
    <div className="tfair" data-testid="fairness">
      <p className="muted">{t('fair.intro')}</p>
      <dl>
        <dt>{t('fair.hash', { issue: state.issue })}</dt>
        <dd className="tfair__mono" data-testid="fair-hash">
          {state.seedHash}
        </dd>
      </dl>
      {last ? (
        <dl>
          <dt>{t('fair.last', { issue: last.issue })}</dt>
          <dd className="tfair__mono">
            {t('fair.hashShort')} {last.seedHash}
          </dd>
          <dd className="tfair__mono" data-testid="fair-seed">
            {last.serverSeed ? `${t('fair.seed')} ${last.serverSeed}` : t('fair.shoeSecret')}
          </dd>
          <dd hidden={!last.serverSeed}>
            <Button
              size="small"
              data-testid="fair-verify"
              onClick={() => setCheck({ issue: last.issue, result: checkRound(kind, gameCode, last) })}
            >
              {t('fair.verify')}
            </Button>
          </dd>
        </dl>
      ) : (
        <p className="muted">{t('fair.none')}</p>
      )}
      {check && <Verdict check={check.result} issue={check.issue} />}
    </div>
  );
  return (
    <Collapse
      className="tfair__fold"
      size="small"
      items={[
        {
          key: 'fair',
          label: (
            <span>
              <SafetyCertificateOutlined /> {t('fair.title')}
            </span>
          ),
          children: body,
        },
      ]}
    />
  );
}
