/**
 * The header's menus (language, member) on antd's Dropdown, loaded when one is first wanted instead of
 * with the home route: Dropdown brings rc-menu, rc-trigger and rc-overflow (~14 KB gzip of the ~250 KB
 * budget). Until then the trigger renders alone; pointing at it or focusing it starts the download, and
 * the click that arms it opens the menu as soon as the code is there.
 */
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';
import type { DropdownProps } from 'antd';

const loadDropdown = () => import('antd/es/dropdown');
const Dropdown = lazy(loadDropdown);

type TriggerProps = { onPointerEnter?: () => void; onFocus?: () => void; onClick?: () => void };

export function LazyDropdown({
  children,
  ...props
}: Omit<DropdownProps, 'open' | 'onOpenChange' | 'children'> & { children: ReactElement<TriggerProps> }) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  if (!armed) {
    return cloneElement(children, {
      onPointerEnter: () => void loadDropdown(),
      onFocus: () => void loadDropdown(),
      onClick: () => {
        setArmed(true);
        setOpen(true);
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <Dropdown {...props} open={open} onOpenChange={setOpen}>
        {children}
      </Dropdown>
    </Suspense>
  );
}
