import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { FormErrorEnvelope } from '../../common/errors/error-envelope.js';
import { FormAge, UserAgent } from '../../common/http/request-headers.decorators.js';
import { RateLimit } from '../../common/throttling/rate-limit.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { UserRecord } from '../users/users.service.js';
import { ContactSurfaceQuery } from './dto/support.dtos.js';
import {
  AddonFeedbackDto,
  ContactDto,
  TextOcrFeedbackDto,
  TextOcrFeedbackV1Dto,
} from './dto/message.dtos.js';
import { MessagesService, type SubmissionAnswer } from './messages.service.js';
import { messageErrors } from './messages.errors.js';
import { ErrorAction } from '../../common/errors/error-action.js';

/**
 * The feedback and contact forms (spec §3, §7). Each answers { success: true, message } once the
 * message is stored, or { success: false, code, error } with the status that fits.
 */
@ErrorAction('forms')
@Controller('api')
@RateLimit('messages', messageErrors.tooMany)
@FormErrorEnvelope()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Post('feedback')
  @HttpCode(200)
  feedback(
    @Body() dto: TextOcrFeedbackV1Dto,
    @CurrentUser({ optional: true }) user: UserRecord | undefined,
    @UserAgent() userAgent: string,
    @FormAge() formAgeMs: number | undefined,
  ): Promise<SubmissionAnswer> {
    return this.messages.submit('feedback', dto, { user, userAgent, formAgeMs });
  }

  @Post('text-ocr-feedback')
  @HttpCode(200)
  textOcrFeedback(
    @Body() dto: TextOcrFeedbackDto,
    @CurrentUser({ optional: true }) user: UserRecord | undefined,
    @UserAgent() userAgent: string,
    @FormAge() formAgeMs: number | undefined,
  ): Promise<SubmissionAnswer> {
    return this.messages.submit('text-ocr-feedback', dto, { user, userAgent, formAgeMs });
  }

  @Post('sheets-extension-feedback')
  @HttpCode(200)
  addonFeedback(
    @Body() dto: AddonFeedbackDto,
    @CurrentUser({ optional: true }) user: UserRecord | undefined,
    @UserAgent() userAgent: string,
    @FormAge() formAgeMs: number | undefined,
  ): Promise<SubmissionAnswer> {
    return this.messages.submit('sheets-extension-feedback', dto, { user, userAgent, formAgeMs });
  }

  @Post('contact')
  @HttpCode(200)
  contact(
    @Body() dto: ContactDto,
    @Query() query: ContactSurfaceQuery,
    @CurrentUser({ optional: true }) user: UserRecord | undefined,
    @UserAgent() userAgent: string,
    @FormAge() formAgeMs: number | undefined,
  ): Promise<SubmissionAnswer> {
    return this.messages.submit('contact', dto, {
      user,
      userAgent,
      formAgeMs,
      surface: query.surface,
    });
  }
}
