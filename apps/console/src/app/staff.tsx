/**
 * The signed-in staff member (auth/me through refine's useGetIdentity) and what they may do. Everything under the
 * console's layout can call useMe() and useCan(permission).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Permission, StaffWire } from '@portal/contract/console';

const StaffContext = createContext<StaffWire | null>(null);

export function StaffProvider({ staff, children }: { staff: StaffWire; children: ReactNode }) {
  return <StaffContext.Provider value={staff}>{children}</StaffContext.Provider>;
}

export function useMe(): StaffWire {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useMe outside the signed-in console');
  return me;
}

/** Whether the signed-in staff member holds a permission of the matrix (the UI hides what they cannot do). */
export function useCan(permission: Permission): boolean {
  return useMe().permissions.includes(permission);
}

/** Whether a staff member holds a permission (outside React: the registry filter). */
export const holds = (me: Pick<StaffWire, 'permissions'>, permission: Permission | 'staff') =>
  permission === 'staff' || me.permissions.includes(permission);
