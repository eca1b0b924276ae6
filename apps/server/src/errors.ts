import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import type { z } from 'zod';

/** The one error type: an errcd of SPEC §8, a Japanese message, and the HTTP status to answer with. */
export class AppError extends Error {
  constructor(
    readonly errcd: string,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string = Msg.badRequest): AppError {
    return new AppError(ErrCd.generic, message, 400);
  }
  static notFound(message: string = Msg.notFound): AppError {
    return new AppError(ErrCd.generic, message, 404);
  }
  static forbidden(message: string = Msg.forbidden): AppError {
    return new AppError(ErrCd.generic, message, 403);
  }
  static conflict(errcd: string, message: string): AppError {
    return new AppError(errcd, message, 409);
  }
}

/** Validates input with a contract schema; failures become errcd 999, HTTP 422, in Japanese. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `（${issue.path.join('.')}）` : '';
  throw new AppError(ErrCd.generic, `${Msg.badRequest}${where}${issue ? ` ${issue.message}` : ''}`, 422);
}
