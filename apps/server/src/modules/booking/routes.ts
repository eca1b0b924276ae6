import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function bookingRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
