/** Every string of a translation file with its key path ('ns.a.b[0]'): what the locale tests check one by one. */
export function* localeStrings(o: unknown, path: string): Generator<[string, string]> {
  if (typeof o === 'string') yield [path, o];
  else if (Array.isArray(o)) for (const [i, v] of o.entries()) yield* localeStrings(v, `${path}[${i}]`);
  else if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) yield* localeStrings(v, `${path}.${k}`);
}
