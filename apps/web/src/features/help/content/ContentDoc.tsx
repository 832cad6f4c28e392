/**
 * Generic renderer of a content document (help pages, terms, privacy, info pages): title, summary,
 * sections with paragraphs, antd Steps, lists, tables and call-outs, and an on-page Anchor.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Steps, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrand, type ContentNamespace } from '../site.ts';
import { toContentDoc, type ContentDocData, type ContentSection, type ContentTable } from './types.ts';
import './content.css';

const { Title, Paragraph, Text } = Typography;

/** Reads `key` of namespace `ns` as a document, with `{{brand}}` filled in. */
export function useContentDoc(ns: ContentNamespace, key: string): ContentDocData {
  const { t, i18n } = useTranslation(ns);
  const brand = useBrand(ns);
  return useMemo(
    // lng: read in the language in force, and again after a switch.
    () => toContentDoc(t(key, { lng: i18n.language, returnObjects: true, brand, interpolation: { escapeValue: false } }), key),
    [t, key, brand, i18n.language],
  );
}

/** Settlement words in the rule tables get a colour (zh-CN and zh-TW spellings). */
const OUTCOME_COLORS: Record<string, string> = {
  赢: 'success',
  贏: 'success',
  赢一半: 'green',
  贏一半: 'green',
  走水: 'default',
  输一半: 'orange',
  輸一半: 'orange',
  输: 'error',
  輸: 'error',
};

function Cell({ text, first }: { text: string; first: boolean }) {
  const color = OUTCOME_COLORS[text];
  if (color)
    return (
      <Tag color={color} className="cd-outcome">
        {text}
      </Tag>
    );
  return first ? <Text strong>{text}</Text> : <>{text}</>;
}

function ContentTableView({ table }: { table: ContentTable }) {
  const columns = table.head.map((title, i) => ({
    title,
    dataIndex: String(i),
    key: String(i),
    render: (text: string) => <Cell text={text} first={i === 0} />,
  }));
  const data = table.rows.map((row, r) => ({ key: r, ...Object.fromEntries(row.map((cell, i) => [String(i), cell])) }));
  return <Table className="cd-table" size="middle" bordered pagination={false} columns={columns} dataSource={data} />;
}

function SectionView({ section, id, index }: { section: ContentSection; id: string; index: number }) {
  return (
    <section className="cd-section" id={id} aria-labelledby={`${id}-h`} data-index={index}>
      <Title level={3} id={`${id}-h`} className="cd-section__heading">
        {section.heading}
      </Title>
      {section.paragraphs?.map((p, i) => (
        <Paragraph key={i} className="cd-paragraph">
          {p}
        </Paragraph>
      ))}
      {section.steps && section.steps.length > 0 && (
        <Steps
          className="cd-steps"
          orientation="vertical"
          size="small"
          items={section.steps.map((s) => ({ title: s.title, content: s.description, status: 'process' as const }))}
        />
      )}
      {section.list &&
        section.list.length > 0 &&
        (section.ordered ? (
          <ol className="cd-list cd-list--ordered">
            {section.list.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ol>
        ) : (
          <ul className="cd-list">
            {section.list.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ))}
      {section.table && <ContentTableView table={section.table} />}
      {section.note && <Alert className="cd-callout" type="info" showIcon title={section.note} />}
      {section.warning && <Alert className="cd-callout" type="warning" showIcon title={section.warning} />}
    </section>
  );
}

/** The nearest scrolling ancestor (the shell's content pane), or the window. */
function scrollParentOf(el: HTMLElement | null): HTMLElement | Window {
  for (let node = el?.parentElement ?? null; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node !== document.body) return node;
  }
  return window;
}

function Toc({
  ns,
  idPrefix,
  sections,
  rootRef,
}: {
  ns: ContentNamespace;
  idPrefix: string;
  sections: ContentSection[];
  rootRef: React.RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation(ns);
  const [container, setContainer] = useState<HTMLElement | Window | null>(null);
  useEffect(() => setContainer(scrollParentOf(rootRef.current)), [rootRef]);
  if (!container) return null;
  return (
    <nav className="cd-toc" aria-label={t('toc')}>
      <div className="cd-toc__title">{t('toc')}</div>
      <Anchor
        affix={false}
        getContainer={() => container}
        targetOffset={24}
        // Scroll only: the router owns the history, a #hash entry would be a stray step for "back".
        onClick={(e) => e.preventDefault()}
        items={sections.map((s, i) => ({ key: `${idPrefix}-${i}`, href: `#${idPrefix}-${i}`, title: s.heading }))}
      />
    </nav>
  );
}

export interface ContentArticleProps {
  doc: ContentDocData;
  /** Namespace of the on-page labels (table of contents). */
  ns: ContentNamespace;
  /** Prefix of the section element ids (unique per document on the page). */
  idPrefix: string;
  /** Show the on-page table of contents (documents with 3+ sections). */
  toc?: boolean;
  /** Heading level of the title: 1 on pages, 2 inside a modal. */
  titleLevel?: 1 | 2;
  /** Extra content after the summary (e.g. a call-to-action button). */
  lead?: ReactNode;
  /** Extra content after the last section. */
  footer?: ReactNode;
}

export function ContentArticle({ doc, ns, idPrefix, toc = true, titleLevel = 1, lead, footer }: ContentArticleProps) {
  const rootRef = useRef<HTMLElement>(null);
  const showToc = toc && doc.sections.length >= 3;
  return (
    <article className={showToc ? 'cd cd--with-toc' : 'cd'} ref={rootRef} data-doc={idPrefix}>
      <div className="cd__main">
        <header className="cd__header">
          <Title level={titleLevel} className="cd__title">
            {doc.title}
          </Title>
          {doc.summary && <Paragraph className="cd__summary">{doc.summary}</Paragraph>}
          {lead}
        </header>
        {doc.sections.map((section, i) => (
          <SectionView key={i} section={section} id={`${idPrefix}-${i}`} index={i} />
        ))}
        {footer}
      </div>
      {showToc && (
        <aside className="cd__aside">
          <Toc ns={ns} idPrefix={idPrefix} sections={doc.sections} rootRef={rootRef} />
        </aside>
      )}
    </article>
  );
}

/** A document read from a namespace and rendered. */
export function ContentDoc({ ns, docKey, ...rest }: { ns: ContentNamespace; docKey: string } & Omit<ContentArticleProps, 'doc' | 'ns'>) {
  const doc = useContentDoc(ns, docKey);
  return <ContentArticle doc={doc} ns={ns} {...rest} />;
}
