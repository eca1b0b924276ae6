import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** A host as a browser sends it: a name or an address, with an optional port; nothing else is believed. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin links back to this site should use: PUBLIC_URL when it is set; otherwise the one
 * the visitor used (Fastify reads X-Forwarded-Proto/-Host only under TRUST_PROXY), when it is a plain host.
 */
export function siteOrigin(config: Pick<Config, 'publicUrl' | 'publicUrlFixed'>, request: FastifyRequest): string {
  if (config.publicUrlFixed) return config.publicUrl;
  const host = request.host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return HOST.test(host) ? `${protocol}://${host}` : config.publicUrl;
}

/** The origin a stored booking's links use: PUBLIC_URL when set, else the one it was made on. */
export function bookingOrigin(config: Pick<Config, 'publicUrl' | 'publicUrlFixed'>, origin: string | null): string {
  return config.publicUrlFixed || !origin ? config.publicUrl : origin;
}
