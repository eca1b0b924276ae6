import { createTestApp } from './test/helper.ts';
import { seed } from './seed/seed.ts';
process.env.BENCH_ROUTES = '1';
const t = await createTestApp({ now: new Date() });
await seed(t.ctx.db, t.clock);
async function cpu(url: string, n = 3000) {
  for (let i = 0; i < 300; i++) await t.app.inject({ method: 'GET', url });
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await t.app.inject({ method: 'GET', url });
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / n;
}
for (let r = 0; r < 2; r++) for (const u of ['/api/_bench/static', '/api/option', '/api/option?homencd=03&page=2', '/api/option/OP0001']) console.log(u.padEnd(36), (await cpu(u)).toFixed(0));
await t.close();
