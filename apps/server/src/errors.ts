import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { fieldLabel } from '@tabi/contract/validation-messages';
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

/**
 * Validates input with a contract schema; failures become errcd 999, HTTP 422, in Japanese: the first problem,
 * with the field named as the forms name it (「大人料金：0以上で入力してください」), never by its path.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new AppError(ErrCd.generic, Msg.badRequest, 422);
  const label = fieldLabel(issue.path);
  throw new AppError(ErrCd.generic, `${Msg.badRequest}${label ? `${label}：` : ''}${issue.message}`, 422);
}
