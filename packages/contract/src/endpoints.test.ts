import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoints, optionalBody, searchQuery } from './endpoints.ts';

const response = z.object({});

describe('contract entries (ADR 0150)', () => {
  it('take method and path from their key, and their list its prefix', () => {
    const list = defineEndpoints('/api', {
      'GET /option/{code}': { summary: 's', params: z.object({ code: z.string() }), response },
    });
    expect(list['GET /option/{code}']).toMatchObject({ method: 'GET', path: '/option/{code}', prefix: '/api' });
  });

  it('refuse a malformed key, and a path whose parameters the params schema does not name exactly', () => {
    expect(() => defineEndpoints('/api', { 'PUT /x': { summary: 's', response } } as never)).toThrow(/GET \/path/);
    expect(() => defineEndpoints('/api', { 'GET /a/{id}': { summary: 's', response } })).toThrow(
      /needs a params schema/,
    );
    expect(() =>
      defineEndpoints('/api', { 'GET /a/{id}': { summary: 's', params: z.object({ key: z.string() }), response } }),
    ).toThrow(/params schema \(key\) ≠ path parameters \(id\)/);
    expect(() =>
      defineEndpoints('/api', { 'GET /a': { summary: 's', params: z.object({ id: z.string() }), response } }),
    ).toThrow(/≠ path parameters/);
  });

  it('read a search query trimmed without its empty values, and a missing body as {}', () => {
    const query = searchQuery(z.object({ a: z.string().optional(), b: z.string().optional() }));
    expect(query.parse({ a: ' x ', b: '  ' })).toEqual({ a: 'x' });
    const needing = searchQuery(z.object({ a: z.string().optional(), b: z.literal('1').optional() }), 'a');
    expect(needing.parse({ b: 'not read' })).toEqual({});
    expect(() => needing.parse({ a: 'x', b: '2' })).toThrow();
    const body = optionalBody(z.object({ fee: z.number().optional() }));
    expect(body.parse(undefined)).toEqual({});
    expect(body.parse(null)).toEqual({});
    expect(() => body.parse('x')).toThrow();
  });
});
