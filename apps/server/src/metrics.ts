/**
 * The process's Prometheus registry and every named metric, served by `GET /metrics`
 * (http/metrics-route.ts) when METRICS_TOKEN is set. Counters count in this process; Prometheus sums the
 * instances. The booking lifecycle increments the business counters below; this module only declares them.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
const PREFIX = 'tabi_';
collectDefaultMetrics({ register: registry, prefix: PREFIX });

/** A counter of this registry, named with the project's prefix. */
function counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return new Counter({ name: `${PREFIX}${name}`, help, labelNames, registers: [registry] });
}

/** A gauge of this registry, named with the project's prefix; set from the database at each scrape. */
function gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Gauge<L> {
  return new Gauge({ name: `${PREFIX}${name}`, help, labelNames, registers: [registry] });
}

/** Latency per matched route pattern (`/api/booking/:rsvno`, never the raw URL), method and status. */
export const httpRequestDuration = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: 'HTTP request latency by method, matched route and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** A booking created (card or request). Incremented by modules/booking. */
export const bookingsCreated = counter('bookings_created_total', 'Bookings created');

/** A payment fulfilled; outcome e.g. paid, duplicate, late, refused. Incremented by modules/payment. */
export const paymentsFulfilled = counter('payments_fulfilled_total', 'Payments fulfilled, by outcome', ['outcome']);

/** A refund made; reason e.g. cancel, duplicate, late. Incremented by the booking lifecycle. */
export const refunds = counter('refunds_total', 'Refunds made, by reason', ['reason']);

/** Something the payment reconciler found; kind names the mismatch. Incremented by the reconciler. */
export const reconcilerFindings = counter('reconciler_findings_total', 'Payment reconciler findings, by kind', [
  'kind',
]);

/** Rows the retention worker removed; kind: mail_content, customer_session, staff_session, rate_limit. */
export const retentionRemoved = counter('retention_removed_total', 'Rows removed or emptied by retention, by kind', [
  'kind',
]);

/** Mails waiting to be sent (pending or being sent), all instances: read from the outbox at each scrape. */
export const outboxBacklog = gauge('outbox_backlog', 'Mails in the outbox not sent yet');

/** Mails whose last attempt failed and that will be tried again. */
export const outboxRetrying = gauge(
  'outbox_retrying',
  'Mails in the outbox waiting for another attempt after a failure',
);

/** Mails given up on after the last attempt. */
export const outboxFailed = gauge('outbox_failed', 'Mails in the outbox given up on');

/** Age of the oldest mail not sent yet (0 when none waits). */
export const outboxOldestPendingSeconds = gauge(
  'outbox_oldest_pending_seconds',
  'Age in seconds of the oldest mail not sent yet',
);

/** A background job's run that threw (ADR 0183), by job; the runner retries it after its back-off. */
export const jobFailures = counter('job_failures_total', 'Background job runs that failed, by job', ['job']);

/** Seconds since each background job last ran to its end without an error, any instance: read at each scrape. */
export const jobSecondsSinceOk = gauge(
  'job_seconds_since_ok',
  'Seconds since the background job last ran to its end without an error',
  ['job'],
);
