/** /app/help/bczr (博彩责任): the document, with a way straight to the player's own tools (/mine/protection). */
import { Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openPath } from '../../routes/nav.ts';
import { routePath } from '../../routes/paths.ts';
import { ContentDoc } from './content/ContentDoc.tsx';

export function ResponsibleGamingPage() {
  const { t } = useTranslation('help');
  const go = (
    <Button
      type="primary"
      icon={<SafetyCertificateOutlined />}
      href={routePath('protection')}
      onClick={(e) => {
        e.preventDefault();
        openPath(routePath('protection'));
      }}
    >
      {t('bczrGo')}
    </Button>
  );
  return <ContentDoc ns="help" docKey="pages.bczr" idPrefix="help-bczr" lead={go} />;
}
