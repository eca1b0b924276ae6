import type { BookingOption } from '@tabi/contract/booking';
import { ExternalCode } from '@tabi/contract/constants';
import type { Ymd } from '@tabi/contract/dates';
import type { ReactNode } from 'react';
import { hasUsageGuide, ticketAvailable } from '../lib/booking-view.ts';
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
  if (option.ex_cd === ExternalCode.jr) {
    return (
      <div className={styles.external}>
        <h4 className={styles.externalTitle}>JRきっぷの発券について</h4>
        <dl className={`info-list ${styles.info}`}>
          <Row label="発券番号" testId="jr-issue-number">
            <span className={styles.mono}>{option.ex_rsvno ?? '－'}</span>
          </Row>
          <Row label="確認番号" testId="jr-confirm-number">
            <span className={styles.mono}>{option.ex_confirmno ?? '－'}</span>
          </Row>
          <Row label="発券方法" wide>
            {option.ex_issue_method || '－'}
          </Row>
        </dl>
      </div>
    );
  }
  if (option.ex_cd === ExternalCode.dj) {
    return (
      <div className={styles.external}>
        <h4 className={styles.externalTitle}>クーポンのご利用について</h4>
        <dl className={`info-list ${styles.info}`}>
          <Row label="クーポンログイン番号" testId="dj-login-number">
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
        <p className={styles.notice}>
          クーポンはご利用当日に操作してください。事前に操作すると無効になる場合があります。
        </p>
      </div>
    );
  }
  if (option.ex_cd === ExternalCode.linktivity) {
    const open = ticketAvailable(option.usedate || today, today) && Boolean(option.ticket_url);
    return (
      <div className={styles.external}>
        <h4 className={styles.externalTitle}>電子チケット</h4>
        {open && option.ticket_url ? (
          <a
            className={`btn btn-primary btn-block ${styles.ticketButton}`}
            href={option.ticket_url}
            target="_blank"
            rel="noopener noreferrer"
          >
            チケットを表示する
          </a>
        ) : (
          <button type="button" className={`btn btn-primary btn-block ${styles.ticketButton}`} disabled>
            旅行開始日からチケットが表示されます
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
  const guided = options.filter(hasUsageGuide);
  if (guided.length === 0) return null;
  return (
    <section className={`card ${styles.section}`} aria-labelledby="usage-title">
      <h2 id="usage-title" className="section-title">
        ご利用案内
      </h2>
      {guided.map((o) => (
        <div key={`${o.pkcd}-${o.opcd}`} className={styles.guide}>
          {guided.length > 1 && <h3 className={styles.subTitle}>{o.webname}</h3>}
          <dl className={`info-list ${styles.info}`}>
            {o.meetpoint && (
              <Row label="集合場所" wide>
                {o.meetpoint}
              </Row>
            )}
            {o.serviceno && <Row label="サービス番号">{o.serviceno}</Row>}
            {o.departure_point && <Row label="出発地">{o.departure_point}</Row>}
            {o.departure_time && <Row label="出発時刻">{o.departure_time}</Row>}
            {o.arrival_point && <Row label="到着地">{o.arrival_point}</Row>}
            {o.arrival_time && <Row label="到着時刻">{o.arrival_time}</Row>}
            {o.contents && (
              <Row label="内容" wide>
                <button type="button" className={styles.linkButton} onClick={() => onShowItinerary(o)}>
                  行程詳細を見る
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
