/** The notice list in a dialog (opened from the header marquee; anonymous visitors too). */
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticeList } from './NoticeList.tsx';
import './messages.css';

export default function NoticeDialog({ focusId, onClose }: { focusId: string; onClose: () => void }) {
  const { t } = useTranslation('messages');
  return (
    <Modal open centered width={720} title={t('tabs.notices')} footer={null} onCancel={onClose} destroyOnHidden className="notice-dialog">
      <div className="notice-dialog__body">
        <NoticeList focusId={focusId} />
      </div>
    </Modal>
  );
}
