/**
 * Status-code catalogue of spec §8. Every response envelope carries one of these.
 * Names are stable identifiers used by server and client code; numbers are the wire values.
 */
export const StatusCode = {
  SUCCESS: 6000,
  LOGIN_EXPIRED: 6001,
  INVALID_CREDENTIALS: 6002,
  ACCESS_DENIED: 6003,
  NOT_FOUND: 6004,
  SERVER_ERROR: 6005,
  BAD_GATEWAY: 6006,
  INVALID_PARAMETER: 6007,
  ILLEGAL_PARAMETER: 6008,
  DATA_EXISTS: 6009,
  FILE_UPLOAD_FAILURE: 6010,
  FREQUENT_SUBMISSION: 6011,
  WARNING: 6012,
  MAINTENANCE: 6013,
  INVOCATION_ERROR: 6014,
  UNBOUND_PHONE: 6015,
  PHONE_VERIFICATION_REQUIRED: 6016,
  PHONE_VERIFICATION_REQUIRED_2: 6017,
  GRAPHIC_VERIFICATION_CODE: 6021,
  RAPID_VERIFICATION: 6022,
  IP_NOT_PASSED: 6025,
  DEVICE_NOT_PASSED: 6026,
  DEVICE_IP_NOT_PASSED: 6027,
  LONG_TIME_NOT_LOGGED_IN: 6028,
  RISKY_LOGIN: 6029,
  CONTACT_CUSTOMER_SERVICE: 6030,
  REGION_LIMITED: 6031,
  REGION_WARNING: 6032,
  IP_RESTRICTED: 6033,
  MAX_PHONE_ATTEMPTS: 6034,
  AUTHENTICATION_REQUIRED: 6035,
  CODE_ERROR: 6036,
  LOCKED: 6037,
  CODE_EXPIRED: 6038,
  TOO_MANY_DEVICES: 6039,
  SIXTY_SECOND_LIMIT: 6066,
  WALLET_TOKEN_EXPIRED: 6099,
  PASSWORD_CHECK_FAILURE: 6100,
  LOCKING_UNAVAILABLE: 6110,
  WITHDRAWAL_PROTECTION_CONFIG_ERROR: 6111,
  PARAMETER: 6301,
  UID_VERIFICATION: 6302,
  NO_DATA: 6303,
  SYSTEM_UNDER_MAINTENANCE: 6316,
  SYSTEM_BUSY: 6317,
  EBBQ: 6318,
  TESTING: 6366,
  SYSTEM_ABNORMAL: 6399,
  VENUE_ACTIVITY: 6413,
  VENUE_UNDER_MAINTENANCE: 6415,
  BIND_REAL_NAME: 6449,
  POPUP_NOT_PROMPTED: 6500,
  SUSPENDED_WITH_POPUP: 6501,
  SUSPENDED_WITHOUT_POPUP: 6502,
  // Player protection (issue 18): no code of the spec fits these.
  PROTECTION_LIMIT: 6601,
  SELF_EXCLUDED: 6602,
  SESSION_TIME_LIMIT: 6603,
  COOLING_OFF: 6605,
} as const;

export type StatusCodeName = keyof typeof StatusCode;
export type StatusCodeValue = (typeof StatusCode)[StatusCodeName];

export const ALL_STATUS_CODES: readonly StatusCodeValue[] = Object.values(StatusCode);

/** Codes on login that open new-device verification (spec §8 client reactions). */
export const NEW_DEVICE_CODES: readonly StatusCodeValue[] = [
  StatusCode.IP_NOT_PASSED,
  StatusCode.DEVICE_NOT_PASSED,
  StatusCode.DEVICE_IP_NOT_PASSED,
  StatusCode.LONG_TIME_NOT_LOGGED_IN,
  StatusCode.RISKY_LOGIN,
];

export function isStatusCode(value: unknown): value is StatusCodeValue {
  return typeof value === 'number' && (ALL_STATUS_CODES as readonly number[]).includes(value);
}
