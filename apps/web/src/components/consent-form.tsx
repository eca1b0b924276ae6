import { TravelKind } from '@tabi/contract/constants';
import { useId } from 'react';
import { useSharedMessages } from '../i18n/shared.ts';
import styles from './consent-form.module.css';
import { Choice } from './form/field.tsx';

export interface Consent {
  /** Consent to receive the travel conditions electronically. */
  delivery: boolean;
  /** Consent to the privacy policy. */
  privacy: boolean;
}

export const NO_CONSENT: Consent = { delivery: false, privacy: false };

export function conditionsPdf(travelkubun: number): string {
  return travelkubun === TravelKind.arrangement
    ? '/docs/travel-conditions-arrangement.pdf'
    : '/docs/travel-conditions-recruitment.pdf';
}

export const PRIVACY_POLICY_PDF = '/docs/privacy-policy.pdf';

const CONSENTS = [
  { key: 'delivery', label: 'consentDelivery' },
  { key: 'privacy', label: 'consentPrivacy' },
] as const;

/**
 * The shared consent form (SPEC §2 Shared): the travel conditions PDF of the option's travel kind
 * (recruitment or arrangement) and the privacy policy PDF, with the two consent checkboxes.
 */
export function ConsentForm({
  travelkubun,
  value,
  onChange,
}: {
  travelkubun: number;
  value: Consent;
  onChange(value: Consent): void;
}) {
  const id = useId();
  const t = useSharedMessages();
  const kind = travelkubun === TravelKind.arrangement ? t('arrangedTravel') : t('packagedTravel');
  return (
    <div className={styles.consent}>
      <p>
        {t('readBefore')}
        <br />
        {t('deliveredAsPdf')}
      </p>
      <ul className={styles.links}>
        <li>
          <a href={conditionsPdf(travelkubun)} target="_blank" rel="noopener noreferrer">
            {t('conditionsPdf', { kind })}
          </a>
        </li>
        <li>
          <a href={PRIVACY_POLICY_PDF} target="_blank" rel="noopener noreferrer">
            {t('privacyPdf')}
          </a>
        </li>
      </ul>
      {CONSENTS.map(({ key, label }) => (
        <Choice
          key={key}
          look="consent"
          className={styles.check}
          label={t(label)}
          input={{
            id: `${id}-${key}`,
            checked: value[key],
            onChange: (e) => onChange({ ...value, [key]: e.currentTarget.checked }),
          }}
        />
      ))}
    </div>
  );
}
