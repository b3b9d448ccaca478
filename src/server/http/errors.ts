// One error type for every service; src/api/app.ts maps it to the JSON envelope.
export type ErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHENTICATED"
  | "PAYMENT_REQUIRED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "VALIDATION_FAILED"
  | "RATE_LIMITED"
  | "UNAVAILABLE";

const statusOf: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
    this.status = statusOf[code];
  }
}

export const notFound = (message = "お探しの情報が見つかりませんでした。") =>
  new AppError("NOT_FOUND", message);
export const unauthenticated = (message = "ログインが必要です。") => new AppError("UNAUTHENTICATED", message);
export const forbidden = (message = "この操作を行う権限がありません。") => new AppError("FORBIDDEN", message);
export const invalid = (fields: FieldErrors, message = "入力内容に誤りがあります。") =>
  new AppError("VALIDATION_FAILED", message, fields);

/** The same refusal, also as a field error on `field` (uploads answer on the file's field). */
export function onField(e: unknown, field: string): unknown {
  if (!(e instanceof AppError) || e.fields || e.status >= 500 || e.status === 404) return e;
  return new AppError(e.code, e.message, { [field]: e.message }, e.retryAfterSeconds);
}
