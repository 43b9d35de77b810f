import {
  Body,
  Controller,
  HttpCode,
  Post,
  Query,
  Req,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type { Request } from 'express';
import { AllExceptionsFilter } from '../../common/errors/all-exceptions.filter.js';
import { ContactSurfaceQuery } from './dto/support.dtos.js';
import {
  AddonFeedbackDto,
  ContactDto,
  TextOcrFeedbackDto,
  TextOcrFeedbackV1Dto,
} from './dto/message.dtos.js';
import { MessagesService, type SubmissionAnswer } from './messages.service.js';
import { MessageThrottlerGuard } from './throttling/message-throttling.js';
import '../auth/auth.types.js';

const asBody = (dto: object): Record<string, unknown> => ({ ...dto });

/**
 * The feedback and contact forms (spec §3, §7). Each answers { success: true, message } once the
 * message is stored, or { success: false, error } with the status that fits.
 */
@Controller('api')
@UseGuards(MessageThrottlerGuard)
@UseFilters(new AllExceptionsFilter((body) => ({ success: false, ...body })))
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Post('feedback')
  @HttpCode(200)
  feedback(@Req() req: Request, @Body() dto: TextOcrFeedbackV1Dto): Promise<SubmissionAnswer> {
    return this.submit(req, 'feedback', asBody(dto), ['profession']);
  }

  @Post('text-ocr-feedback')
  @HttpCode(200)
  textOcrFeedback(@Req() req: Request, @Body() dto: TextOcrFeedbackDto): Promise<SubmissionAnswer> {
    return this.submit(req, 'text-ocr-feedback', asBody(dto), [
      'profession',
      'howDidYouFind',
      'howDoesItHelp',
      'howCanWeImprove',
    ]);
  }

  @Post('sheets-extension-feedback')
  @HttpCode(200)
  addonFeedback(@Req() req: Request, @Body() dto: AddonFeedbackDto): Promise<SubmissionAnswer> {
    return this.submit(req, 'sheets-extension-feedback', asBody(dto), [
      'profession',
      'howDidYouFind',
      'howDoesItHelp',
      'howCanWeImprove',
    ]);
  }

  @Post('contact')
  @HttpCode(200)
  contact(
    @Req() req: Request,
    @Body() dto: ContactDto,
    @Query() query: ContactSurfaceQuery,
  ): Promise<SubmissionAnswer> {
    return this.messages.submit({
      form: 'contact',
      surface: query.surface,
      body: asBody(dto),
      required: ['name', 'email', 'message'],
      user: req.user,
      userAgent: req.get('user-agent') ?? '',
    });
  }

  private submit(
    req: Request,
    form: 'feedback' | 'text-ocr-feedback' | 'sheets-extension-feedback',
    body: Record<string, unknown>,
    required: string[],
  ): Promise<SubmissionAnswer> {
    return this.messages.submit({
      form,
      body,
      required,
      user: req.user,
      userAgent: req.get('user-agent') ?? '',
    });
  }
}
