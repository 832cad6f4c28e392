import { StatusCode, defaultMessage, text, type Locale, type StatusCodeValue, type TextKey } from '@portal/contract';

/**
 * A business answer that is not success. Services throw it from their guard clauses; the envelope
 * layer turns it into `{status_code, data, message}`. `message` is either a catalogue text key, an
 * exact rule message (already localized by the rule), or absent (the code's default message).
 */
export class AppError extends Error {
  constructor(
    readonly code: StatusCodeValue,
    readonly detail?: { key?: TextKey; message?: string; data?: unknown; httpStatus?: number },
  ) {
    super(`status ${code}`);
  }

  messageFor(locale: Locale): string {
    if (this.detail?.message) return this.detail.message;
    if (this.detail?.key) return text(this.detail.key, locale);
    return defaultMessage(this.code, locale);
  }
}

export const fail = (code: StatusCodeValue, detail?: AppError['detail']): never => {
  throw new AppError(code, detail);
};

/** 6007 with a rule's exact message (packages/rules validators return the spec's Chinese text). */
export const invalid = (message: string): never => fail(StatusCode.INVALID_PARAMETER, { message });
