import type { RouteName } from '../routes/paths.ts';

/** i18n key (namespace nav) of a route's title; the help children share the help centre's. */
export function routeTitleKey(name: RouteName): string {
  if (name.startsWith('help_')) return 'route.help';
  if (name === 'RedirectRoot') return 'route.Redirect';
  return `route.${name}`;
}
