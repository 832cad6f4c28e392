/**
 * For a game better played sideways (fishing): on a phone held upright, a note asks to turn it (issue 30). Shown by
 * CSS only (shell/phone.css: a phone in portrait), so the page renders the same everywhere.
 */
import { RotateRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function RotatePrompt() {
  const { t } = useTranslation('common');
  return (
    <div className="rotate-prompt" role="note" data-testid="rotate-prompt">
      <RotateRightOutlined className="rotate-prompt__icon" aria-hidden />
      <span>{t('rotatePrompt')}</span>
    </div>
  );
}
