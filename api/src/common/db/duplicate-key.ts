/** A write refused by a unique index (MongoDB and FerretDB error code 11000). */
export const isDuplicateKey = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
