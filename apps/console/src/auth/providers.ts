/**
 * refine's auth and access-control providers for the console. The session is the bearer token of the two-step
 * sign-in (auth/SignInPage.tsx stores it with setToken); the identity is auth/me (roles, brands, permissions).
 * Access: refine's `can({ resource, action })` asks for the permission `<resource>.<action>` of the contract's
 * matrix (e.g. { resource: 'staff', action: 'write' }); the app's own `useCan('staff.write')` reads the same
 * permissions synchronously.
 */
import type { AccessControlProvider, AuthProvider } from '@refinedev/core';
import { consoleAuthApi, type StaffWire } from '@portal/contract/console';
import { call, ConsoleError, getToken, LOGIN_EXPIRED, setToken } from '../api/client.ts';

let identity: Promise<StaffWire> | null = null;
let identityToken: string | null = null;

/** auth/me, once per token (the layout, the menu and every useCan read it). */
export function loadIdentity(): Promise<StaffWire> {
  const token = getToken();
  if (!identity || identityToken !== token) {
    identityToken = token;
    identity = call(consoleAuthApi.me, {});
    identity.catch(() => {
      if (identityToken === token) identity = null;
    });
  }
  return identity;
}

export const consoleAuthProvider: AuthProvider = {
  /** The second step already answered the token: the sign-in page hands it over here. */
  async login({ token }: { token: string }) {
    setToken(token);
    identity = null;
    return { success: true, redirectTo: '/' };
  },
  async logout() {
    if (getToken()) await call(consoleAuthApi.logout, {}).catch(() => undefined);
    setToken(null);
    identity = null;
    return { success: true, redirectTo: '/signin' };
  },
  async check() {
    return getToken() ? { authenticated: true } : { authenticated: false, redirectTo: '/signin', logout: true };
  },
  async onError(error: unknown) {
    if (error instanceof ConsoleError && error.code === LOGIN_EXPIRED) return { logout: true, redirectTo: '/signin', error };
    return {};
  },
  getIdentity: () => loadIdentity(),
  getPermissions: async () => (await loadIdentity()).permissions,
};

export const consoleAccessControl: AccessControlProvider = {
  async can({ resource, action }) {
    if (!getToken()) return { can: false, reason: '未登录' };
    const me = await loadIdentity();
    const can = (me.permissions as string[]).includes(`${resource}.${action}`);
    return can ? { can } : { can, reason: '当前角色无此权限' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
