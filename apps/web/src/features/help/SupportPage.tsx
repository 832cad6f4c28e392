/** /app/help/zxkf: support hours and the button that opens online customer service (safety notice first). */
import { Button } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { bus } from '../../app/events.ts';
import { ContentDoc } from './content/ContentDoc.tsx';

export function SupportPage() {
  const { t } = useTranslation('help');
  const open = (
    <Button
      type="primary"
      size="large"
      icon={<CustomerServiceOutlined />}
      className="help-support__button"
      onClick={() => bus.emit('open_customer_service')}
    >
      {t('pages.zxkf.button')}
    </Button>
  );
  return <ContentDoc ns="help" docKey="pages.zxkf" idPrefix="help-zxkf" lead={<div className="help-support__lead">{open}</div>} />;
}
