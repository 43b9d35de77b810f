import { BadRequestException, Injectable } from '@nestjs/common';
import { FREE_DAILY_EXTRACTIONS } from '../extraction/extraction.service.js';
import { UsageRepository } from '../extraction/usage.repository.js';
import type { UserRecord } from '../users/users.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import type { FormName, MessageKind, Surface } from './schemas/message.schema.js';
import { MessagesRepository } from './messages.repository.js';
import { sanitiseText } from './sanitise.js';

/** Extra extractions for the day granted by a user's first text-OCR feedback (spec §6). */
export const FEEDBACK_BONUS = 5;

export type Submission = {
  form: FormName;
  /** Overrides the form's own surface (the add-on's contact page posts to the same route). */
  surface?: Surface | undefined;
  /** The validated body, extraInfo included. */
  body: Record<string, unknown>;
  /** Fields that must still hold text once sanitised. */
  required: readonly string[];
  user: UserRecord | undefined;
  userAgent: string;
};

export type SubmissionAnswer = { success: true; message: string };

const FORM_PLACE: Record<FormName, { kind: MessageKind; surface: Surface }> = {
  feedback: { kind: 'feedback', surface: 'text-ocr' },
  'text-ocr-feedback': { kind: 'feedback', surface: 'text-ocr' },
  'sheets-extension-feedback': { kind: 'feedback', surface: 'sheets-addon' },
  contact: { kind: 'contact', surface: 'text-ocr' },
};

const THANKS: Record<MessageKind, string> = {
  feedback: 'Thank you for your feedback!',
  contact: "Thanks for reaching out! We'll get back to you soon.",
};

const utcDay = (now = new Date()): string => now.toISOString().slice(0, 10);

@Injectable()
export class MessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly users: UsersRepository,
    private readonly usage: UsageRepository,
  ) {}

  async submit({
    form,
    body,
    required,
    user,
    userAgent,
    ...place
  }: Submission): Promise<SubmissionAnswer> {
    const { kind } = FORM_PLACE[form];
    const surface = place.surface ?? FORM_PLACE[form].surface;
    const { extraInfo, ...rest } = body;
    // The hidden field is empty for people. A bot gets the same answer and nothing is kept.
    if (typeof extraInfo === 'string' && extraInfo.length > 0) {
      await this.messages.countSpam(form, utcDay());
      return { success: true, message: THANKS[kind] };
    }

    const fields: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(rest)) {
      if (typeof value === 'string') fields[name] = sanitiseText(value);
      else if (typeof value === 'number') fields[name] = value;
    }
    const emptied = required.filter((name) => !fields[name]);
    if (emptied.length > 0) {
      throw new BadRequestException(emptied.map((name) => `${name} is required`));
    }

    await this.messages.create({
      kind,
      surface,
      form,
      fields,
      searchText: Object.values(fields)
        .filter((value) => typeof value === 'string')
        .concat(user ? [user.name, user.email] : [])
        .join('\n')
        .toLowerCase(),
      userId: user?.id ?? null,
      userEmail: user?.email ?? null,
      userAgent: userAgent.slice(0, 500),
    });

    const isTextOcrFeedback = form === 'feedback' || form === 'text-ocr-feedback';
    const day = utcDay();
    if (
      isTextOcrFeedback &&
      user &&
      !user.isTextOcrFeedbackSubmitted &&
      (await this.messages.claimFeedbackBonus(user.id, day))
    ) {
      await this.users.setTextOcrFeedbackSubmitted(user.id);
      await this.usage.grantExtra(user.id, day, FEEDBACK_BONUS, FREE_DAILY_EXTRACTIONS);
      return {
        success: true,
        message: `${THANKS.feedback} ${String(FEEDBACK_BONUS)} more extractions have been added for today.`,
      };
    }
    return { success: true, message: THANKS[kind] };
  }
}
