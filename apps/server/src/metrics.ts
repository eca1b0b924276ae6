/**
 * The process's Prometheus registry and every named metric (issue 11, "Also"), served by `GET /metrics`
 * (http/metrics-route.ts) when METRICS_TOKEN is set. Counters count in this process; Prometheus sums the
 * instances. The booking lifecycle increments the business counters below; this module only declares them.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'tabi_' });

/** Latency per matched route pattern (`/api/booking/:rsvno`, never the raw URL), method and status. */
export const httpRequestDuration = new Histogram({
  name: 'tabi_http_request_duration_seconds',
  help: 'HTTP request latency by method, matched route and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** A booking created (card or request). Incremented by modules/booking. */
export const bookingsCreated = new Counter({
  name: 'tabi_bookings_created_total',
  help: 'Bookings created',
  registers: [registry],
});

/** A payment fulfilled; outcome e.g. paid, duplicate, late, refused. Incremented by modules/payment. */
export const paymentsFulfilled = new Counter({
  name: 'tabi_payments_fulfilled_total',
  help: 'Payments fulfilled, by outcome',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** A refund made; reason e.g. cancel, duplicate, late. Incremented by the booking lifecycle. */
export const refunds = new Counter({
  name: 'tabi_refunds_total',
  help: 'Refunds made, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** Something the payment reconciler found; kind names the mismatch. Incremented by the reconciler. */
export const reconcilerFindings = new Counter({
  name: 'tabi_reconciler_findings_total',
  help: 'Payment reconciler findings, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/** Mails waiting to be sent (pending or being sent), all instances: read from the outbox at each scrape. */
export const outboxBacklog = new Gauge({
  name: 'tabi_outbox_backlog',
  help: 'Mails in the outbox not sent yet',
  registers: [registry],
});

/** Mails whose last attempt failed and that will be tried again. */
export const outboxRetrying = new Gauge({
  name: 'tabi_outbox_retrying',
  help: 'Mails in the outbox waiting for another attempt after a failure',
  registers: [registry],
});

/** Mails given up on after the last attempt. */
export const outboxFailed = new Gauge({
  name: 'tabi_outbox_failed',
  help: 'Mails in the outbox given up on',
  registers: [registry],
});

/** Age of the oldest mail not sent yet (0 when none waits). */
export const outboxOldestPendingSeconds = new Gauge({
  name: 'tabi_outbox_oldest_pending_seconds',
  help: 'Age in seconds of the oldest mail not sent yet',
  registers: [registry],
});
