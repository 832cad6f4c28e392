/** The card tables' layouts: baccarat (闲对 · 和 · 庄对 over 闲 · 庄) and dragon tiger (龙 · 和 · 虎). */
import { useTranslation } from 'react-i18next';
import { Spot, type LayoutProps } from './Spot.tsx';

export function BaccaratLayout(props: LayoutProps) {
  const { t } = useTranslation('table');
  const noCommission = props.info.variant === 'noCommission';
  return (
    <div className="tlayout tlayout--baccarat" data-testid="layout-baccarat">
      <div className="tlayout__row">
        <Spot {...props} spot="playerPair" label={t('spot.playerPair')} className="tspot--player" />
        <Spot {...props} spot="tie" label={t('spot.tie')} className="tspot--tie" />
        <Spot {...props} spot="bankerPair" label={t('spot.bankerPair')} className="tspot--banker" />
      </div>
      <div className="tlayout__row tlayout__row--main">
        <Spot {...props} spot="player" label={t('spot.player')} className="tspot--player tspot--big" />
        <Spot
          {...props}
          spot="banker"
          label={t('spot.banker')}
          className="tspot--banker tspot--big"
          sub={noCommission ? t('variant.bankerSix') : undefined}
        />
      </div>
    </div>
  );
}

export function DragonTigerLayout(props: LayoutProps) {
  const { t } = useTranslation('table');
  return (
    <div className="tlayout tlayout--dragonTiger" data-testid="layout-dragonTiger">
      <div className="tlayout__row tlayout__row--main">
        <Spot {...props} spot="dragon" label={t('spot.dragon')} className="tspot--banker tspot--big" />
        <Spot {...props} spot="tie" label={t('spot.tie')} className="tspot--tie" />
        <Spot {...props} spot="tiger" label={t('spot.tiger')} className="tspot--player tspot--big" />
      </div>
    </div>
  );
}
