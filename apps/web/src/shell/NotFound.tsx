/** Not-found page: every unmatched path, and the flag-hidden paths of spec §2. */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { goBack, openPath } from '../routes/nav.ts';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="not-found" data-testid="not-found" aria-labelledby="not-found-title">
      <div className="not-found__code" aria-hidden="true">
        4<span className="not-found__ball" />4
      </div>
      <h1 id="not-found-title" className="not-found__title">
        {t('notFound.title')}
      </h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <div className="not-found__actions">
        <Button type="primary" size="large" onClick={() => openPath('/')}>
          {t('backHome')}
        </Button>
        <Button size="large" onClick={goBack}>
          {t('goBack')}
        </Button>
      </div>
    </section>
  );
}
