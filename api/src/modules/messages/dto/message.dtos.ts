import { IsIn, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { ADDON_PROFESSIONS, TEXT_OCR_PROFESSIONS, TEXT_OCR_PROFESSIONS_V1 } from 'contracts';
import { LIMITS, OptionalText, Profession, RequiredEmail, RequiredText, Trap } from './fields.js';

/** POST /api/feedback: the first text-OCR variant (rating and profession required). */
export class TextOcrFeedbackV1Dto {
  @Profession(TEXT_OCR_PROFESSIONS_V1)
  profession!: string;

  @IsInt({ message: 'Please select a rating' })
  @Min(1, { message: 'Please select a rating' })
  @Max(5, { message: 'Please select a rating' })
  rating!: number;

  @IsOptional()
  @ValidateIf((dto: TextOcrFeedbackV1Dto) => dto.email !== '')
  @RequiredEmail()
  email?: string;

  @OptionalText('howCanWeImprove', LIMITS.long)
  howCanWeImprove?: string;

  @Trap()
  extraInfo?: string;
}

/** The three texts both later feedback forms ask for, all required. */
abstract class FeedbackTextsDto {
  @RequiredText('howDidYouFind', LIMITS.short)
  howDidYouFind!: string;

  @RequiredText('howDoesItHelp', LIMITS.long)
  howDoesItHelp!: string;

  @RequiredText('howCanWeImprove', LIMITS.long)
  howCanWeImprove!: string;

  @Trap()
  extraInfo?: string;
}

/** POST /api/text-ocr-feedback: the second text-OCR variant. */
export class TextOcrFeedbackDto extends FeedbackTextsDto {
  @Profession(TEXT_OCR_PROFESSIONS)
  profession!: string;

  @IsOptional()
  @IsIn(['yes', 'no'], { message: 'canUseAsTestimonial must be yes or no' })
  canUseAsTestimonial?: 'yes' | 'no';
}

/** POST /api/sheets-extension-feedback: the add-on's form. */
export class AddonFeedbackDto extends FeedbackTextsDto {
  @Profession(ADDON_PROFESSIONS)
  profession!: string;
}

/** POST /api/contact. */
export class ContactDto {
  @RequiredText('name', LIMITS.name)
  name!: string;

  @RequiredEmail()
  email!: string;

  @RequiredText('message', LIMITS.long)
  message!: string;

  @Trap()
  extraInfo?: string;
}
