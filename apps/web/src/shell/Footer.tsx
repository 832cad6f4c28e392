/** Footer: help / terms / privacy links, the 18+ responsible-gaming line, venue partners, copyright. */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { bus } from '../app/events.ts';
import { useSite } from '../app/site.ts';
import { openPath } from '../routes/nav.ts';

/** Game families the portal carries (categories, not third-party trademarks). */
const PARTNER_KEYS = ['TY', 'ZR', 'QP', 'DZ', 'DJ', 'CP', 'BY'] as const;

function Link({ to, children }: { to: string; children: string }) {
  return (
    <a
      href={to}
      onClick={(e) => {
        e.preventDefault();
        openPath(to);
      }}
    >
      {children}
    </a>
  );
}

export function Footer() {
  const { t } = useTranslation(['common', 'nav']);
  const site = useSite();
  const { flags } = site;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__partners" aria-label={t('footer.partners')}>
          {PARTNER_KEYS.map((k) => (
            <span key={k} className="site-footer__partner">
              {t(`nav:section.${k}`)}
            </span>
          ))}
        </div>
        <nav className="site-footer__links" aria-label={t('footer.help')}>
          <Link to="/app/help">{t('footer.help')}</Link>
          <Link to="/app/help/gztk">{t('footer.terms')}</Link>
          <Link to="/app/help/ysgz">{t('footer.privacy')}</Link>
          <Link to="/app/help/gywm">{t('footer.about')}</Link>
          {!flags.hideAgent && <Link to="/agent">{t('footer.agent')}</Link>}
          <Link to="/download">{t('footer.download')}</Link>
          <button type="button" onClick={() => bus.emit('open_customer_service')}>
            {t('footer.service')}
          </button>
        </nav>
        <p className="site-footer__adult">
          <span className="site-footer__age" aria-hidden="true">
            18+
          </span>
          {t('footer.adult')}
        </p>
        <p className="site-footer__note">{t('footer.responsible')}</p>
        <p className="site-footer__license">
          <SafetyCertificateOutlined /> {t('footer.license')}
        </p>
        {flags.foreverSite && site.config?.h5DomainUrl && (
          <p className="site-footer__forever">
            {t('footer.forever')}：{site.config.h5DomainUrl}
          </p>
        )}
        <p className="site-footer__copy">{t('footer.copyright', { year: new Date().getFullYear(), title: site.title })}</p>
      </div>
    </footer>
  );
}
