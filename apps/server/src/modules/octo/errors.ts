/**
 * OCTO's errors (docs.octo.travel, "Errors"), field for field: `error` and `errorMessage`, and the id the error is
 * about echoed under its own name. HTTP 400 for the request's faults, 401 without a key, 403 for a key refused,
 * 429 beyond a key's rate (OCTO has no code of its own for it), 500 for ours.
 */
export type OctoErrorCode =
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'BAD_REQUEST'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR';

const STATUS: Record<OctoErrorCode, number> = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

export class OctoError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly code: OctoErrorCode,
    message: string,
    readonly echo: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'OctoError';
    this.httpStatus = STATUS[code];
  }

  get body(): Record<string, string> {
    return { error: this.code, errorMessage: this.message, ...this.echo };
  }

  static invalidProduct(productId: unknown): OctoError {
    return new OctoError('INVALID_PRODUCT_ID', 'The productId was missing or invalid', {
      productId: echoed(productId),
    });
  }

  static invalidOption(optionId: unknown): OctoError {
    return new OctoError('INVALID_OPTION_ID', 'The optionId was missing or invalid', { optionId: echoed(optionId) });
  }

  static invalidUnit(unitId: unknown): OctoError {
    return new OctoError('INVALID_UNIT_ID', 'The unitId was missing or invalid', { unitId: echoed(unitId) });
  }

  static invalidAvailability(availabilityId: unknown): OctoError {
    return new OctoError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', {
      availabilityId: echoed(availabilityId),
    });
  }

  static invalidBooking(uuid: unknown, why = 'The uuid was missing or invalid'): OctoError {
    return new OctoError('INVALID_BOOKING_UUID', why, { uuid: echoed(uuid) });
  }

  static badRequest(message: string): OctoError {
    return new OctoError('BAD_REQUEST', message);
  }

  static unprocessable(message: string): OctoError {
    return new OctoError('UNPROCESSABLE_ENTITY', message);
  }
}

/** The id as it was sent, as text (an id that was not a string is echoed as JSON, a missing one as ''). */
function echoed(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, 200);
  if (value === undefined || value === null) return '';
  return JSON.stringify(value).slice(0, 200);
}
