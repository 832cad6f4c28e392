/** Mounts the terms / privacy modal (bus 'show_legal') with the toggle link to the other document. */
import { Suspense, useEffect, useRef, useState } from 'react';
import { Button, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { bus } from '../../app/events.ts';
import { ContentDoc } from '../help/content/ContentDoc.tsx';
import type { LegalDocKind } from './LegalDocs.tsx';
import './legal.css';

/** The document and the footer; needs the 'legal' namespace (may suspend while it loads). */
function LegalModalContent({ doc, onToggle, onClose }: { doc: LegalDocKind; onToggle: () => void; onClose: () => void }) {
  const { t } = useTranslation('legal');
  const bodyRef = useRef<HTMLDivElement>(null);

  // A new document starts at its top.
  useEffect(() => {
    bodyRef.current?.scrollTo?.({ top: 0 });
  }, [doc]);

  return (
    <>
      <div className="legal-modal__body" ref={bodyRef} data-doc={doc}>
        <ContentDoc key={doc} ns="legal" docKey={doc} idPrefix={`modal-${doc}`} toc={false} titleLevel={2} />
      </div>
      <div className="legal-modal__footer">
        <Button type="link" className="legal-modal__toggle" onClick={onToggle}>
          {t(doc === 'terms' ? 'modal.toPrivacy' : 'modal.toTerms')}
        </Button>
        <Button type="primary" onClick={onClose}>
          {t('modal.close')}
        </Button>
      </div>
    </>
  );
}

/** App-wide root: never suspends itself (it sits beside the shell), its content does. */
export function LegalRoot() {
  const [open, setOpen] = useState(false);
  const [doc, setDoc] = useState<LegalDocKind>('terms');

  useEffect(
    () =>
      bus.on('show_legal', ({ doc: next }) => {
        setDoc(next);
        setOpen(true);
      }),
    [],
  );

  const close = () => setOpen(false);
  return (
    <Modal open={open} onCancel={close} width="52rem" centered destroyOnHidden footer={null} className="legal-modal">
      <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
        <LegalModalContent doc={doc} onToggle={() => setDoc(doc === 'terms' ? 'privacy' : 'terms')} onClose={close} />
      </Suspense>
    </Modal>
  );
}
