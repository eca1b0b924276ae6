import { ErrCd } from '@tabi/contract/constants';
import { say } from '@tabi/contract/said';
import { fieldLabel } from '@tabi/contract/validation-messages';
import type { z } from 'zod';
import { textIn } from './i18n/said-text.ts';

/**
 * The one error type: an errcd of SPEC §8, a message, and the HTTP status to answer with. The message is the
 * contract's reference (`say(…)`, ADR 0206), which the envelope writes in the caller's language, or a text as it is
 * (the console's Japanese); `message` is its Japanese, for the logs and the code that reads it.
 */
export class AppError extends Error {
  readonly said: string;

  constructor(
    readonly errcd: string,
    said: string,
    readonly httpStatus = 400,
  ) {
    super(textIn('ja', said));
    this.said = said;
    this.name = 'AppError';
  }

  static badRequest(message: string = say('badRequest')): AppError {
    return new AppError(ErrCd.generic, message, 400);
  }
  static notFound(message: string = say('notFound')): AppError {
    return new AppError(ErrCd.generic, message, 404);
  }
  static forbidden(message: string = say('forbidden')): AppError {
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
  if (!issue) throw new AppError(ErrCd.generic, say('badRequest'), 422);
  const label = fieldLabel(issue.path);
  const problem = label ? say('aboutField', { field: label, problem: issue.message }) : issue.message;
  throw new AppError(ErrCd.generic, say('badRequestBecause', { problem }), 422);
}
