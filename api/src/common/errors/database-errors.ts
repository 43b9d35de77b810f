import mongoose from 'mongoose';

// Errors that mean "the database cannot be reached (or answers too slowly) right now", as opposed
// to a bug or a bad query: the driver's network, server-selection and timeout errors, and
// mongoose's own buffering timeout. They answer 503 DATABASE_UNAVAILABLE, not 500.
const { mongo } = mongoose;
const UNAVAILABLE: readonly (abstract new (...args: never[]) => Error)[] = [
  mongo.MongoServerSelectionError,
  mongo.MongoNetworkError, // includes MongoNetworkTimeoutError and the pool-cleared error
  mongo.MongoNotConnectedError,
  mongo.MongoTopologyClosedError,
  mongo.MongoOperationTimeoutError,
  mongo.MongoServerClosedError,
  mongoose.Error.MongooseServerSelectionError,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Some layers (connect-mongo, passport) hand the driver's error on wrapped in `cause`.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (!(current instanceof Error)) return false;
    if (UNAVAILABLE.some((type) => current instanceof type)) return true;
    if (current.name === 'MongooseError' && /buffering timed out/.test(current.message))
      return true;
    current = current.cause;
  }
  return false;
}
