/** Mounts the auth dialog (login_register, find_password, new_device) and listens to the bus. */
export function AuthRoot() {
  return null;
}
