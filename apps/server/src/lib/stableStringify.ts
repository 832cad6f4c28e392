/** JSON with sorted keys: the same request always hashes the same (built without intermediate arrays: every money call runs it). */
export function stableStringify(v: unknown): string {
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + stableStringify(v[i]);
    return `${out}]`;
  }
  if (v && typeof v === 'object') {
    const keys = Object.keys(v).sort();
    let out = '{';
    for (let i = 0; i < keys.length; i++)
      out += `${i ? ',' : ''}${JSON.stringify(keys[i])}:${stableStringify((v as Record<string, unknown>)[keys[i]!])}`;
    return `${out}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
