/**
 * ADR 0181: the payments module and the booking module meet at one interface. The booking imports only
 * `payment/index.ts`; the payments module imports nothing of the booking and hears back through `PaymentOutcomes`
 * (`ctx.onPayment`); the payments' tables are written only inside `payment/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every import of every non-test source file under `folder`, as `file: specifier`. */
function importsOf(folder: string): { file: string; from: string }[] {
  return readdirSync(path.join(modules, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('test-fixtures.ts'))
    .flatMap((file) =>
      [...readFileSync(path.join(modules, folder, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => ({
        file: `${folder}/${file}`,
        from: m[1] ?? '',
      })),
    );
}

/** Non-test sources outside `payment/` whose code writes one of the payments' tables. */
function writersOutsidePayment(): string[] {
  const write =
    /\.(insert|update|delete)\((payments|refunds|providerCalls)\)|(insert into|update|delete from) (payments|refunds|provider_calls)\b/;
  return readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.includes('test') && !file.startsWith(`payment${path.sep}`))
    .filter((file) => write.test(readFileSync(path.join(modules, file), 'utf8')));
}

describe('the payments module’s boundary (ADR 0181)', () => {
  it('the booking imports the payments module only through payment/index.ts', () => {
    const imports = importsOf('booking');
    expect(imports.length).toBeGreaterThan(100);
    expect(imports.filter((i) => i.from.startsWith('../payment/') && i.from !== '../payment/index.ts')).toEqual([]);
  });

  it('the payments module imports nothing of the booking', () => {
    const imports = importsOf('payment');
    expect(imports.length).toBeGreaterThan(50);
    expect(imports.filter((i) => i.from.startsWith('../booking/'))).toEqual([]);
  });

  it('no other module writes payments, refunds or provider calls', () => {
    expect(writersOutsidePayment()).toEqual([]);
  });
});
