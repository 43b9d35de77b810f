import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { sanitiseText } from '../sanitise.js';

// Field rules shared by the feedback and contact forms (spec §3, §5). Every rule rejects
// non-strings, so an operator object such as {"$ne": null} never reaches a query.

export const LIMITS = {
  name: 100,
  email: 254,
  short: 500,
  long: 5000,
} as const;

/** Typed text is stored as plain text: markup goes before the rules below are checked. */
const Sanitised = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? sanitiseText(value) : value,
  );

/**
 * A required text: a string with something other than spaces in it once sanitised (text that is
 * only markup counts as empty), at most `max` characters.
 */
export const RequiredText = (field: string, max: number) =>
  applyDecorators(
    Sanitised(),
    IsString({ message: `${field} is required` }),
    Matches(/\S/, { message: `${field} is required` }),
    MaxLength(max, { message: `${field} must be at most ${String(max)} characters` }),
  );

export const OptionalText = (field: string, max: number) =>
  applyDecorators(
    Sanitised(),
    IsOptional(),
    IsString({ message: `${field} must be text` }),
    MaxLength(max, { message: `${field} must be at most ${String(max)} characters` }),
  );

export const RequiredEmail = () =>
  applyDecorators(
    IsString({ message: 'email is required' }),
    MaxLength(LIMITS.email, { message: 'email is too long' }),
    IsEmail({}, { message: 'Please enter a valid email address' }),
  );

/** One of a form's profession choices; the blank choice is not one of them. */
export const Profession = (choices: readonly string[]) =>
  applyDecorators(
    IsString({ message: 'profession is required' }),
    IsIn(choices, { message: 'Please choose your profession from the list' }),
  );

/** The hidden spam trap: people leave it empty; whatever a bot puts there is accepted. */
export const Trap = () => OptionalText('extraInfo', 1000);
