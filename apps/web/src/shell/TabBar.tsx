/** Tab bar of visited routes (spec §2): click to switch, × to close (and unmount). */
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openPath } from '../routes/nav.ts';
import { useUi } from '../stores/ui.ts';
import { routeTitleKey } from './titles.ts';
import type { RouteName } from '../routes/paths.ts';

export function TabBar({ currentKey }: { currentKey: string | null }) {
  const { t } = useTranslation('nav');
  const tabs = useUi((s) => s.tabs);
  const closeTab = useUi((s) => s.closeTab);
  if (tabs.length === 0) return null;

  const close = (key: string) => {
    const index = tabs.findIndex((tab) => tab.key === key);
    closeTab(key);
    if (key !== currentKey) return;
    const next = tabs[index - 1] ?? tabs[index + 1];
    openPath(next ? next.pathname + next.search : '/');
  };

  return (
    <nav className="tab-bar" aria-label={t('tabs.label')}>
      <ul className="tab-bar__list" role="tablist">
        {tabs.map((tab) => {
          const title = t(routeTitleKey(tab.name as RouteName));
          const active = tab.key === currentKey;
          return (
            <li key={tab.key} className={`tab-bar__tab${active ? ' is-active' : ''}`} role="presentation">
              <button
                type="button"
                role="tab"
                aria-selected={active}
                className="tab-bar__link"
                onClick={() => openPath(tab.pathname + tab.search)}
              >
                {title}
              </button>
              <button type="button" className="tab-bar__close" aria-label={t('tabs.close', { title })} onClick={() => close(tab.key)}>
                <CloseOutlined />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
