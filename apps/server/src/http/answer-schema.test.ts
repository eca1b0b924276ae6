import { defineEndpoints } from '@tabi/contract/endpoints';
import { envelope } from '@tabi/contract/envelope';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { registerAnswerSerialiser } from './answer-schema.ts';
import { defineRoute } from './define-route.ts';
import { ok } from './envelope.ts';

const TEST = defineEndpoints('/t', {
  'GET /member': {
    summary: 'a member',
    response: envelope(z.object({ name: z.string(), seats: z.number().int(), note: z.string().nullable() })),
  },
  'GET /refused': { summary: 'refused', response: envelope(z.object({ name: z.string() })) },
});

const app = Fastify();
registerAnswerSerialiser(app);
app.setErrorHandler((error, _request, reply) =>
  error instanceof AppError
    ? reply.code(error.httpStatus).send({ errcd: error.errcd, errMsg: error.message, response: null, stack: 'x' })
    : reply.code(500).send({ errcd: '999', errMsg: 'error', response: null }),
);
defineRoute(app, TEST['GET /member'], async () =>
  // What a handler may hold besides its answer (a column of the row it read) is not sent.
  ok({ name: '山田', seats: 2, note: null, passwordHash: 'secret' } as { name: string; seats: number; note: null }),
);
defineRoute(app, TEST['GET /refused'], async () => {
  throw AppError.notFound();
});
afterAll(() => app.close());

describe('answers written by their contract schema (ADR 0200)', () => {
  it('sends the fields the schema names and nothing else', async () => {
    const res = await app.inject({ method: 'GET', url: '/member' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"errcd":"000","errMsg":"","response":{"name":"山田","seats":2,"note":null}}');
  });

  it('writes a refusal as the failure envelope alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/refused' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errcd: '999', errMsg: expect.any(String), response: null });
  });
});
