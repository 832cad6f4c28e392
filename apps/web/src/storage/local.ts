/**
 * localStorage with an in-memory fallback: storage can be disabled or full (private mode, quota), and
 * the portal must keep working for the session rather than crash on the first write.
 */
const memory = new Map<string, string>();

export function readItem(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

/** Writes `value`; null (or undefined) removes the item. */
export function writeItem(key: string, value: string | null | undefined): void {
  try {
    if (value == null) globalThis.localStorage.removeItem(key);
    else globalThis.localStorage.setItem(key, value);
    memory.delete(key);
  } catch {
    if (value == null) memory.delete(key);
    else memory.set(key, value);
  }
}

/** Every stored key (both layers), for prefix sweeps such as the DD_ cache. */
export function allKeys(): string[] {
  const keys = new Set(memory.keys());
  try {
    const ls = globalThis.localStorage;
    for (let i = 0; i < ls.length; i++) {
      const k = ls.key(i);
      if (k !== null) keys.add(k);
    }
  } catch {
    /* storage unavailable: the memory layer is all there is */
  }
  return [...keys];
}
