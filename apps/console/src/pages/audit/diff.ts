/** The before/after of an audit row as field lines: each field of either side, and whether it changed. */
export interface DiffLine {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

export function diffLines(before: unknown, after: unknown): DiffLine[] {
  if (!isRecord(before) && !isRecord(after)) {
    if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
    return [{ field: '(值)', before: show(before ?? undefined), after: show(after ?? undefined), changed: show(before) !== show(after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => {
    const x = show(b[field]);
    const y = show(a[field]);
    return { field, before: x, after: y, changed: x !== y };
  });
}
