// Every error code the API answers with, grouped by the domain that owns it. A code used anywhere
// else fails the type check (the API's DomainError takes an ErrorCode).

export const EXTRACTION_ERROR_CODES = [
  'IMAGE_SIZE_EXCEED',
  'FILE_EMPTY',
  'UNSUPPORTED_FILE',
  'IMAGE_TOO_LARGE',
  'FILE_CORRUPT',
  'PDF_ENCRYPTED',
  'PAGE_OUT_OF_RANGE',
  'PDF_TOO_MANY_PAGES',
  'ENGINE_BUSY',
  'ENGINE_TIMEOUT',
  'ENGINE_FAILED',
  /** The server's temporary disk is full: retry after Retry-After seconds. */
  'TEMP_STORAGE_FULL',
  'UNKNOWN_LANGUAGE',
  'TRANSLATION_UNAVAILABLE',
  'VISION_BUSY',
  'VISION_UNAVAILABLE',
  'DAILY_LIMIT_REACHED',
] as const;

export const AUTH_ERROR_CODES = [
  'SIGN_IN_REQUIRED',
  'SIGN_IN_FAILED',
  'CSRF_TOKEN_INVALID',
  'RETURN_PATH_INVALID',
  'FORBIDDEN',
  /** A bearer ID token (the add-on's) that is not valid: signature, issuer, audience, form. */
  'ID_TOKEN_INVALID',
  /** A bearer ID token past its expiry: the add-on gets a fresh one and tries again. */
  'ID_TOKEN_EXPIRED',
  /** A bearer ID token for an email address Google has not verified. */
  'ID_TOKEN_EMAIL_UNVERIFIED',
  /** The issuer's signing keys could not be fetched: retry after Retry-After seconds. */
  'ID_TOKEN_KEYS_UNAVAILABLE',
] as const;

export const MESSAGE_ERROR_CODES = ['TOO_MANY_MESSAGES', 'MESSAGE_NOT_FOUND'] as const;

/** The add-on's table reader and its jobs (POST /api/sheets-extension/extract). */
export const TABLES_ERROR_CODES = [
  /** No job with that id belongs to the signed-in person (or it expired). */
  'JOB_NOT_FOUND',
  /** The job has not finished (or did not succeed): there is nothing to download. */
  'JOB_NOT_DONE',
] as const;

/** Plans, entitlements and add-on credits. */
export const BILLING_ERROR_CODES = [
  'NOT_ENOUGH_CREDITS',
  'UNKNOWN_PLAN',
  'PAYMENT_NOT_FOUND',
  /** A purchase that would not extend the plan the person already has (it would replace it). */
  'PLAN_ALREADY_COVERED',
] as const;

/** Taking money: orders, payment confirmations, provider webhooks. */
export const PAYMENT_ERROR_CODES = [
  /** The amount the page sent is not the catalogue's price of the plan. */
  'PAYMENT_AMOUNT_MISMATCH',
  /** The card flow is for Indian visitors; others pay in the hosted checkout. */
  'PAYMENT_METHOD_UNAVAILABLE',
  /** No order of this person with that id. */
  'PAYMENT_ORDER_NOT_FOUND',
  /** The checkout's signature does not match the stored order and payment. */
  'PAYMENT_VERIFICATION_FAILED',
  /** The payment was refunded or charged back: confirming it (again) upgrades nothing. */
  'PAYMENT_REFUNDED',
  /** The payment provider did not answer as expected: nothing was charged or changed. */
  'PAYMENT_PROVIDER_UNAVAILABLE',
  /** A webhook whose signature is missing or wrong. */
  'WEBHOOK_SIGNATURE_INVALID',
  /** The plan or add-on option has no hosted checkout configured. */
  'CHECKOUT_NOT_AVAILABLE',
  /** The person has no subscription with the hosted checkout's provider to manage. */
  'NO_SUBSCRIPTION',
  /** No held purchase with that order id whose checkout email is the signed-in person's. */
  'HELD_PURCHASE_NOT_FOUND',
] as const;

/** Codes of the HTTP layer itself (routing, body parsing, validation, the unexpected). */
export const HTTP_ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  /** The database cannot be reached right now: retry after Retry-After seconds. */
  'DATABASE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type ExtractionErrorCode = (typeof EXTRACTION_ERROR_CODES)[number];
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
export type MessageErrorCode = (typeof MESSAGE_ERROR_CODES)[number];
export type TablesErrorCode = (typeof TABLES_ERROR_CODES)[number];
export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[number];
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];
export type ErrorCode =
  | ExtractionErrorCode
  | AuthErrorCode
  | MessageErrorCode
  | TablesErrorCode
  | BillingErrorCode
  | PaymentErrorCode
  | HttpErrorCode;

export const ERROR_CODES: readonly ErrorCode[] = [
  ...EXTRACTION_ERROR_CODES,
  ...AUTH_ERROR_CODES,
  ...MESSAGE_ERROR_CODES,
  ...TABLES_ERROR_CODES,
  ...BILLING_ERROR_CODES,
  ...PAYMENT_ERROR_CODES,
  ...HTTP_ERROR_CODES,
];

/** Every error answer: `{ code, error }`, plus details some codes carry. */
export type ErrorBody = {
  code: ErrorCode;
  error: string;
  /** DAILY_LIMIT_REACHED: whether the first-feedback bonus can still be earned. */
  feedbackOfferAvailable?: boolean;
};

/** The message forms' answers (spec §7): `{ success, message }` or `{ success: false, … }`. */
export type FormAnswer =
  { success: true; message: string } | { success: false; code: ErrorCode; error: string };
