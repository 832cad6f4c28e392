/**
 * Shape of a content document in the help / legal / info namespaces (read with `returnObjects: true`).
 * Every field but the title is optional so a document can be as small as a title.
 */
export interface ContentStep {
  title: string;
  description?: string;
}

export interface ContentTable {
  head: string[];
  rows: string[][];
}

export interface ContentSection {
  heading: string;
  paragraphs?: string[];
  /** Ordered steps, rendered with antd Steps. */
  steps?: ContentStep[];
  list?: string[];
  /** Render `list` as a numbered list. */
  ordered?: boolean;
  table?: ContentTable;
  /** Informational call-out after the body. */
  note?: string;
  /** Warning call-out after the body. */
  warning?: string;
}

export interface ContentDocData {
  title: string;
  summary?: string;
  sections: ContentSection[];
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

function toSection(v: unknown): ContentSection | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (!isString(o.heading)) return null;
  const section: ContentSection = { heading: o.heading };
  if (isStringArray(o.paragraphs)) section.paragraphs = o.paragraphs;
  if (isStringArray(o.list)) section.list = o.list;
  if (o.ordered === true) section.ordered = true;
  if (Array.isArray(o.steps)) {
    section.steps = o.steps.flatMap((s): ContentStep[] => {
      const step = s as Record<string, unknown> | null;
      if (!step || !isString(step.title)) return [];
      return [isString(step.description) ? { title: step.title, description: step.description } : { title: step.title }];
    });
  }
  const table = o.table as Record<string, unknown> | undefined;
  if (table && isStringArray(table.head) && Array.isArray(table.rows) && table.rows.every(isStringArray)) {
    section.table = { head: table.head, rows: table.rows as string[][] };
  }
  if (isString(o.note)) section.note = o.note;
  if (isString(o.warning)) section.warning = o.warning;
  return section;
}

/** Narrow what i18next returned (an object, or the key itself when missing) to a document. */
export function toContentDoc(value: unknown, fallbackTitle: string): ContentDocData {
  if (!value || typeof value !== 'object') return { title: fallbackTitle, sections: [] };
  const o = value as Record<string, unknown>;
  const sections = Array.isArray(o.sections) ? o.sections.map(toSection).filter((s): s is ContentSection => s !== null) : [];
  const doc: ContentDocData = { title: isString(o.title) ? o.title : fallbackTitle, sections };
  if (isString(o.summary)) doc.summary = o.summary;
  return doc;
}
