/** /game/{info}, /pg/game, /dz/game: where a launched game loads. */
import { Button } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { goBack } from '../../../routes/nav.ts';
import { EmptyState } from '../../../ui/layout/EmptyState.tsx';

export function GameHostPage() {
  const { t } = useTranslation('game');
  return (
    <div className="game-full">
      <EmptyState
        icon={<ClockCircleOutlined />}
        title={t('soon')}
        description={t('host.text')}
        action={<Button onClick={goBack}>{t('host.back')}</Button>}
      />
    </div>
  );
}
export const SlotHostPage = GameHostPage;
