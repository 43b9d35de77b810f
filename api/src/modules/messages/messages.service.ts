import { Injectable } from '@nestjs/common';
import type { FormName, MessageKind, Surface } from 'contracts';
import { FEEDBACK_BONUS, UsageService } from '../extraction/usage.service.js';
import type { UserRecord } from '../users/users.service.js';
import { MessagesRepository } from './messages.repository.js';

/**
 * A form sent sooner than this after it was shown was not typed by a person (security plan 21):
 * it gets the same answer as any other, and nothing is kept.
 */
export const MIN_FORM_AGE_MS = 2000;

/** Who sent a form, from where. */
export type Sender = {
  user: UserRecord | undefined;
  userAgent: string;
  /** How long the form had been on screen when it was sent (X-Form-Age), when the page said. */
  formAgeMs?: number | undefined;
  /** Overrides the form's own surface (the add-on's contact page posts to the same route). */
  surface?: Surface | undefined;
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
    private readonly usage: UsageService,
  ) {}

  /** Stores a form's message: its DTO has validated and sanitised every field already. */
  async submit(form: FormName, dto: object, sender: Sender): Promise<SubmissionAnswer> {
    const { user, userAgent } = sender;
    const { kind } = FORM_PLACE[form];
    const surface = sender.surface ?? FORM_PLACE[form].surface;
    const { extraInfo, ...rest } = dto as Record<string, unknown>;
    // The hidden field is empty for people, and people take a moment to fill a form. A bot gets
    // the same answer and nothing is kept.
    const trapped = typeof extraInfo === 'string' && extraInfo.length > 0;
    const tooFast = sender.formAgeMs !== undefined && sender.formAgeMs < MIN_FORM_AGE_MS;
    if (trapped || tooFast) {
      await this.messages.countSpam(form, utcDay());
      return { success: true, message: THANKS[kind] };
    }

    const fields: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(rest)) {
      if (typeof value === 'string' || typeof value === 'number') fields[name] = value;
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
    if (isTextOcrFeedback && user && (await this.usage.grantFirstFeedbackBonus(user))) {
      return {
        success: true,
        message: `${THANKS.feedback} ${String(FEEDBACK_BONUS)} more extractions have been added for today.`,
      };
    }
    return { success: true, message: THANKS[kind] };
  }
}
