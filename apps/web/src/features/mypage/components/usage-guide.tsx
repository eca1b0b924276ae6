import type { BookingOption } from '@tabi/contract/booking';
import { ExternalCode } from '@tabi/contract/constants';
import type { Ymd } from '@tabi/contract/dates';
import type { ReactNode } from 'react';
import { useTextLang } from '../../../i18n/lang.tsx';
import { hasUsageGuide, ticketAvailable } from '../lib/booking-view.ts';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './mypage.module.css';

function Row({
  label,
  children,
  testId,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  return (
    <div className={wide ? styles.wide : undefined}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function External({ option, today }: { option: BookingOption; today: Ymd }) {
  const t = useMypageMessages();
  if (option.ex_cd === ExternalCode.jr) {
    return (
      <div className={styles.external}>
        <h4 className={styles.externalTitle}>{t('jrTitle')}</h4>
        <dl className={`info-list ${styles.info}`}>
          <Row label={t('jrIssueNumber')} testId="jr-issue-number">
            <span className={styles.mono}>{option.ex_rsvno ?? '－'}</span>
          </Row>
          <Row label={t('jrConfirmNumber')} testId="jr-confirm-number">
            <span className={styles.mono}>{option.ex_confirmno ?? '－'}</span>
          </Row>
          <Row label={t('jrIssueMethod')} wide>
            {option.ex_issue_method || '－'}
          </Row>
        </dl>
      </div>
    );
  }
  if (option.ex_cd === ExternalCode.dj) {
    return (
      <div className={styles.external}>
        <h4 className={styles.externalTitle}>{t('djTitle')}</h4>
        <dl className={`info-list ${styles.info}`}>
          <Row label={t('djLoginNumber')} testId="dj-login-number">
            <span className={styles.mono}>{option.ex_rsvno ?? '－'}</span>
          </Row>
          <Row label="URL" wide>
            {option.ex_url ? (
              <a href={option.ex_url} target="_blank" rel="noopener noreferrer" className={styles.breakAll}>
                {option.ex_url}
              </a>
            ) : (
              '－'
            )}
          </Row>
        </dl>
        <p className={styles.notice}>{t('djNotice')}</p>
      </div>
    );
  }
  if (option.ex_cd === ExternalCode.linktivity) {
    const open = ticketAvailable(option.usedate || today, today) && Boolean(option.ticket_url);
    return (
      <div className={styles.external}>
        <h4 className={styles.externalTitle}>{t('ticketTitle')}</h4>
        {open && option.ticket_url ? (
          <a
            className={`btn btn-primary btn-block ${styles.ticketButton}`}
            href={option.ticket_url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('showTicket')}
          </a>
        ) : (
          <button type="button" className={`btn btn-primary btn-block ${styles.ticketButton}`} disabled>
            {t('ticketFromStart')}
          </button>
        )}
      </div>
    );
  }
  return null;
}

/** SPEC §2 My page, usage guidance for options with an external code or meeting information. */
export function UsageGuide({
  options,
  today,
  onShowItinerary,
}: {
  options: BookingOption[];
  today: Ymd;
  onShowItinerary(option: BookingOption): void;
}) {
  const t = useMypageMessages();
  const textLang = useTextLang();
  const guided = options.filter(hasUsageGuide);
  if (guided.length === 0) return null;
  return (
    <section className={`card ${styles.section}`} aria-labelledby="usage-title">
      <h2 id="usage-title" className="section-title">
        {t('usageGuide')}
      </h2>
      {guided.map((o) => (
        <div key={`${o.pkcd}-${o.opcd}`} className={styles.guide}>
          {guided.length > 1 && (
            <h3 className={styles.subTitle} lang={textLang(o.webname)}>
              {o.webname}
            </h3>
          )}
          <dl className={`info-list ${styles.info}`}>
            {o.meetpoint && (
              <Row label={t('meetpoint')} wide>
                <span lang={textLang(o.meetpoint)}>{o.meetpoint}</span>
              </Row>
            )}
            {o.serviceno && <Row label={t('serviceNo')}>{o.serviceno}</Row>}
            {o.departure_point && (
              <Row label={t('departurePoint')}>
                <span lang={textLang(o.departure_point)}>{o.departure_point}</span>
              </Row>
            )}
            {o.departure_time && <Row label={t('departureTime')}>{o.departure_time}</Row>}
            {o.arrival_point && (
              <Row label={t('arrivalPoint')}>
                <span lang={textLang(o.arrival_point)}>{o.arrival_point}</span>
              </Row>
            )}
            {o.arrival_time && <Row label={t('arrivalTime')}>{o.arrival_time}</Row>}
            {o.contents && (
              <Row label={t('contents')} wide>
                <button type="button" className={styles.linkButton} onClick={() => onShowItinerary(o)}>
                  {t('showItinerary')}
                </button>
              </Row>
            )}
          </dl>
          <External option={o} today={today} />
        </div>
      ))}
    </section>
  );
}
