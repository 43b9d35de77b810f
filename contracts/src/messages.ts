// Feedback and contact messages (spec §3, §7) and the support inbox that reads them.
import type { ClientSource } from './clients.js';

export const MESSAGE_KINDS = ['feedback', 'contact'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * Where a message was sent from: the clients that have feedback and contact forms, the text OCR
 * tool and the spreadsheet add-on (the comment filter has none). A subset of the clients.
 */
export const SURFACES = ['text-ocr', 'sheets-addon'] as const satisfies readonly ClientSource[];
export type Surface = (typeof SURFACES)[number];

/** Which form: the route it came through (spec §7). */
export const FORMS = [
  'feedback',
  'text-ocr-feedback',
  'sheets-extension-feedback',
  'contact',
] as const;
export type FormName = (typeof FORMS)[number];

/** The first text-OCR feedback form's profession choices (POST /api/feedback). */
export const TEXT_OCR_PROFESSIONS_V1 = [
  'Freelancer',
  'Legal Professional',
  'Data Entry',
  'Student',
  'Researcher',
  'Teacher',
  'Journalist',
  'Healthcare Professional',
  'Software Developer',
  'Corporate / Office Professional',
  'Other',
] as const;

/** The second text-OCR feedback form's choices (POST /api/text-ocr-feedback). */
export const TEXT_OCR_PROFESSIONS = [
  'student',
  'researcher',
  'archivist',
  'librarian',
  'teacher',
  'data entry professional',
  'administrative assistant',
  'legal professional',
  'medical professional',
  'accountant',
  'bookkeeper',
  'data analyst',
  'business analyst',
  'logistics professional',
  'journalist',
  'traveler',
  'software developer',
  'other',
] as const;

/** The add-on's feedback form's choices (POST /api/sheets-extension-feedback). */
export const ADDON_PROFESSIONS = [
  'accountant',
  'bookkeeper',
  'auditor',
  'financial analyst',
  'business analyst',
  'data analyst',
  'logistics coordinator',
  'operations manager',
  'supply chain analyst',
  'administrative assistant',
  'data entry professional',
  'researcher',
  'student',
  'sales operations analyst',
  'marketing analyst',
  'hr coordinator',
  'procurement specialist',
  'project manager',
  'other',
] as const;

/** The profession list of each form that has one. */
export const PROFESSIONS_BY_FORM = {
  feedback: TEXT_OCR_PROFESSIONS_V1,
  'text-ocr-feedback': TEXT_OCR_PROFESSIONS,
  'sheets-extension-feedback': ADDON_PROFESSIONS,
} as const satisfies Partial<Record<FormName, readonly string[]>>;

/** A message as the support inbox lists it (GET /api/support/messages). */
export type InboxMessage = {
  id: string;
  kind: MessageKind;
  surface: Surface;
  form: FormName;
  fields: Record<string, string | number>;
  userId: string | null;
  userEmail: string | null;
  userAgent: string;
  handled: boolean;
  handledAt: string | null;
  handledBy: string | null;
  createdAt: string;
};

export type InboxPage = { messages: InboxMessage[]; nextCursor: string | null };
