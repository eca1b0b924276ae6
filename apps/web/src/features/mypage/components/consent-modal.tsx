import { useState } from 'react';
import { type Consent, ConsentForm, NO_CONSENT } from '../../../components/consent-form.tsx';
import { Modal } from '../../../components/modal.tsx';

/** The travel conditions and consent documents (SPEC §2 Shared), for reading at any time. */
export function ConsentModal({ open, travelkubun, onClose }: { open: boolean; travelkubun: number; onClose(): void }) {
  const [consent, setConsent] = useState<Consent>(NO_CONSENT);
  return (
    <Modal open={open} title="旅行条件書・同意書" onClose={onClose}>
      <ConsentForm travelkubun={travelkubun} value={consent} onChange={setConsent} />
    </Modal>
  );
}
