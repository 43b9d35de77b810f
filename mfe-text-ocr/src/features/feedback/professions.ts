// The second text-OCR feedback form's profession choices (spec §3), as the API accepts them.
export const PROFESSIONS = [
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

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export const PROFESSION_OPTIONS = PROFESSIONS.map((value) => ({ value, label: capitalise(value) }));
