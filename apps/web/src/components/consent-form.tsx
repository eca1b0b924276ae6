import { TravelKind } from '@tabi/contract/constants';
import { useId } from 'react';
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

const CONSENTS: { key: keyof Consent; label: string }[] = [
  { key: 'delivery', label: '旅行条件書等の書面を電子的方法で受け取ることに同意します' },
  { key: 'privacy', label: '個人情報の取扱いについて同意します' },
];

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
  const kind = travelkubun === TravelKind.arrangement ? '手配旅行' : '募集型企画旅行';
  return (
    <div className={styles.consent}>
      <p>
        お申し込みの前に、必ず以下の書面をお読みください。
        <br />
        書面は電子的方法（PDF）にて交付いたします。
      </p>
      <ul className={styles.links}>
        <li>
          <a href={conditionsPdf(travelkubun)} target="_blank" rel="noopener noreferrer">
            旅行条件書（{kind}）（PDF）
          </a>
        </li>
        <li>
          <a href={PRIVACY_POLICY_PDF} target="_blank" rel="noopener noreferrer">
            個人情報の取扱いについて（PDF）
          </a>
        </li>
      </ul>
      {CONSENTS.map(({ key, label }) => (
        <Choice
          key={key}
          look="consent"
          className={styles.check}
          label={label}
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
