import { StatusCode, defaultMessage, localized, text, type Locale, type StatusCodeValue, type TextKey } from '@portal/contract';

/**
 * A business answer that is not success. Services throw it from their guard clauses; the envelope
 * layer turns it into `{status_code, data, message}`. `message` is either a catalogue text key (its
 * `{name}` placeholders filled from `vars`), an exact rule message (a validator's zh-CN text, answered in
 * the request's language through the catalogue; or a text its caller localized), or absent (the code's
 * default message).
 */
export class AppError extends Error {
  constructor(
    readonly code: StatusCodeValue,
    readonly detail?: { key?: TextKey; vars?: Record<string, string>; message?: string; data?: unknown; httpStatus?: number },
  ) {
    super(`status ${code}`);
  }

  messageFor(locale: Locale): string {
    if (this.detail?.message) return localized(this.detail.message, locale);
    if (this.detail?.key) return text(this.detail.key, locale, this.detail.vars);
    return defaultMessage(this.code, locale);
  }
}

/**
 * Throw the business answer. A function declaration returning `never`, so TypeScript narrows after a bare call:
 * `if (!row) fail(StatusCode.NOT_FOUND);` leaves `row` defined (an arrow in a const does not narrow).
 */
export function fail(code: StatusCodeValue, detail?: AppError['detail']): never {
  throw new AppError(code, detail);
}

/** 6007 with a rule's exact message (packages/rules validators return the spec's Chinese text). */
export function invalid(message: string): never {
  fail(StatusCode.INVALID_PARAMETER, { message });
}
