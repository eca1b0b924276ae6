import type { BenchSuite } from './types.ts';

/** The catalog reads SPEC §7 names: the list (first page, a filtered later page) and an option's detail. */
export const suite: BenchSuite = {
  name: 'catalog',
  order: 10,
  routes: () => [
    { name: '/api/option', path: '/api/option' },
    { name: '/api/option?homencd=03&page=2', path: '/api/option?homencd=03&page=2' },
    { name: '/api/option/OP0001', path: '/api/option/OP0001' },
  ],
};
