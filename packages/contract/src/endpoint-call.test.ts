import { describe, expect, it } from 'vitest';
import { CONSOLE } from './console-endpoints.ts';
import { endpointUrl, lazyEndpoints } from './endpoint-call.ts';
import { API } from './endpoints.ts';

describe('a call named by its entry (ADR 0178)', () => {
  it('has the URL of its entry: the path parameters filled in and encoded, the empty query values left out', () => {
    expect(
      endpointUrl(API['GET /price/{opcd}'], {
        params: { opcd: 'A/1 2' },
        query: { usedate: '20261201', adultqty: '' },
      }),
    ).toBe('/api/price/A%2F1%202?usedate=20261201');
    expect(
      endpointUrl(CONSOLE['POST /resellers/{id}/keys/{keyId}/revoke'], { params: { id: 3, keyId: 12 }, query: {} }),
    ).toBe('/api/admin/resellers/3/keys/12/revoke');
    expect(() => endpointUrl(API['POST /booking/{rsvno}'], {})).toThrow(/rsvno is missing/);
  });

  it('names every entry of a table by reference with the entry’s own method and path, and loads that entry', async () => {
    const REFS = lazyEndpoints<typeof API>('/api', async () => API);
    for (const entry of Object.values(API)) {
      const ref = REFS[entry.key];
      expect({ key: ref.key, method: ref.method, path: ref.path, prefix: ref.prefix }).toEqual({
        key: entry.key,
        method: entry.method,
        path: entry.path,
        prefix: entry.prefix,
      });
      expect(await ref.load()).toBe(entry);
    }
  });
});
