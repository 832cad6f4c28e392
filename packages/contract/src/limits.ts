/** Every number of spec §9 in one place (plus the server-side limits this product adds, with why). */
export const LIMITS = {
  DEFAULT_SITE_CODE: 7000,
  FLAG_ON: 1,
  DEFAULT_THEME: 'light',
  DEFAULT_EDITION: 'classic',
  CURRENCY: 'CNY',
  BALANCE_DECIMALS: 2,
  PROGRESS_MINIMUM: 0.08,
  PROGRESS_SPEED_MS: 200,
  PROGRESS_TRICKLE_MS: 800,
  REQUEST_TIMEOUT_MS: 30_000,
  MAX_BET_SLIP_ITEMS: 10,
  BASEBALL_OVERTIME_INNING: 9,
  USERNAME_MIN: 4,
  USERNAME_MAX: 11,
  PASSWORD_MIN: 8,
  PASSWORD_MAX: 12,
  FORGOT_USERNAME_MAX: 30,
  PHONE_MAX: 11,
  EMAIL_MAX: 40,
  IMAGE_CAPTCHA_CODE_MAX: 10,
  VERIFICATION_CODE_LENGTH: 6,
  PHONE_MIDDLE_DIGITS: 4,
  RESEND_WAIT_S: 60,
  POST_RESET_REDIRECT_S: 3,
  DEFAULT_AREA_CODE: '+86',
  AMOUNT_PRECISION: 2,
  AMOUNT_MAX_LENGTH: 12,
  HEARTBEAT_MS: 10_000,
  RECONNECT_MS: 5_000,
  CHAT_HISTORY_PAGE_SIZE: 15,
  LOADING_AUTO_CLOSE_MS: 3_000,
  REGISTER_PROMPT_DELAY_MS: 500,
  DECRYPTED_CACHE_PREFIX: 'DD_',
  TITLE_SCROLL_OVER_CHARS: 15,
  DESIGN_WIDTH: 1920,
  SMALL_WIDTH: 1600,
  SMALL_WIDTH_SCALE: 1.33,
  MIN_AGE: 18,
  // Server-side limits (not in the spec; chosen for a production service).
  /** Largest JSON body accepted; anything bigger answers 6007 without being parsed. */
  BODY_LIMIT_BYTES: 64 * 1024,
  /** A verification code (SMS / e-mail / voice) lives this long. */
  CODE_TTL_S: 300,
  /** Wrong guesses allowed against one issued code before it is burnt. */
  CODE_MAX_TRIES: 5,
  /** Codes one destination (or account) may receive per day: 6034 past this. */
  CODES_PER_DAY: 10,
  /** Image and slider captchas live this long and are single-use. */
  CAPTCHA_TTL_S: 120,
  /** Slider tolerance in pixels around the true gap position. */
  SLIDER_TOLERANCE_PX: 6,
  /** Session idle and absolute expiry. */
  SESSION_IDLE_S: 2 * 60 * 60,
  SESSION_ABSOLUTE_S: 7 * 24 * 60 * 60,
  /** Chat JWT lifetime. */
  CHAT_JWT_TTL_S: 10 * 60,
  /** Timestamp token freshness window (clock skew + network). */
  TS_TOKEN_WINDOW_S: 300,
  /** Login attempts: per IP per 15 min, per account failures before captcha becomes mandatory and before a lock. */
  LOGIN_PER_IP_PER_15MIN: 60,
  LOGIN_FAILS_BEFORE_DELAY: 3,
  LOGIN_FAILS_BEFORE_LOCK: 10,
  /** Lock stays short so an attacker cannot keep a real member out for long; it doubles per repeat up to the max. */
  LOCK_BASE_S: 5 * 60,
  LOCK_MAX_S: 60 * 60,
  /** Absent for this long → next login needs device verification (6028). */
  LONG_ABSENCE_DAYS: 90,
  /** Generic per-IP request budget per minute on the API. */
  API_PER_IP_PER_MIN: 600,
  /** Wrong old-password answers per member per hour before 6037 (change password / second password). */
  PASSWORD_CHECKS_PER_HOUR: 5,
  /** Codes one member may have sent to new phones / e-mails (binding) per day: stops SMS pumping. */
  MEMBER_BIND_CODES_PER_DAY: 20,
  /** Registrations per IP per hour. */
  REGISTER_PER_IP_PER_HOUR: 10,
  /** Image upload (upload/uploadImage): largest decoded file; PNG, JPEG, WebP or GIF by magic bytes. */
  UPLOAD_MAX_BYTES: 2 * 1024 * 1024,
  /** Largest width or height in pixels (and at most this squared in area): no decompression bombs. */
  UPLOAD_MAX_SIDE_PX: 4096,
  /** Images one member may upload per hour (6011 past this). */
  UPLOADS_PER_MEMBER_PER_HOUR: 30,
  /** The upload call's own body limit: the file as base64 (4/3) plus a data-URL prefix and the other fields. */
  UPLOAD_BODY_LIMIT_BYTES: Math.ceil((2 * 1024 * 1024 * 4) / 3) + 4096,
  // House sportsbook. Stakes in fen (CNY); caps in whole USD as the terms state them (spec §9).
  /** Stake per bet, per market kind: least and most (operator-tunable later; these are the house defaults). */
  SPORT_STAKE_FEN: {
    main: { min: 1_000, max: 5_000_000 },
    correctScore: { min: 1_000, max: 1_000_000 },
    champion: { min: 1_000, max: 1_000_000 },
    parlay: { min: 1_000, max: 2_000_000 },
  },
  /** Daily payout caps per member (spec §9 terms), per sport group, in USD; enforced against the potential payout. */
  SPORT_DAILY_PAYOUT_CAP_USD: {
    general: 1_500_000,
    footballBasketball: 1_500_000,
    tennisLike: 300_000,
    other: 200_000,
    newHandicap: 25_000,
  },
  /** Default CNY per USD for the caps (config SPORT_USD_CNY_RATE overrides it). */
  SPORT_USD_CNY_RATE: 7.2,
  /** In-play bets wait this long (pending, re-checked against suspension and price) before acceptance. */
  SPORT_IN_PLAY_DELAY_MS: 5_000,
  /**
   * Launch gameCode of a read-only lobby view (the TY page's live preview): answers the venue token like
   * any launch but never auto-transfers, so looking at a lobby moves no money (entering the book does).
   */
  VENUE_LOBBY_GAME_CODE: 'lobby',
  /** Bookmaker margin of the simulated feed's prices (config SPORT_MARGIN overrides it). */
  SPORT_MARGIN: 0.05,
} as const;
