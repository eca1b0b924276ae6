import { ErrCd } from '@tabi/contract/constants';
import type { Envelope } from '@tabi/contract/envelope';

export function ok<T>(response: T): Envelope<T> {
  return { errcd: ErrCd.success, errMsg: '', response };
}

export function fail(errcd: string, errMsg: string): Envelope<null> {
  return { errcd, errMsg, response: null };
}
