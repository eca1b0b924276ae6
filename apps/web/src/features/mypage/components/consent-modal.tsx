import { useState } from 'react';
import { type Consent, ConsentForm, NO_CONSENT } from '../../../components/consent-form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useMypageMessages } from '../lib/messages.ts';

/** The travel conditions and consent documents (SPEC §2 Shared), for reading at any time. */
export function ConsentModal({ open, travelkubun, onClose }: { open: boolean; travelkubun: number; onClose(): void }) {
  const t = useMypageMessages();
  const [consent, setConsent] = useState<Consent>(NO_CONSENT);
  return (
    <Modal open={open} title={t('conditions')} onClose={onClose}>
      <ConsentForm travelkubun={travelkubun} value={consent} onChange={setConsent} />
    </Modal>
  );
}
