import { Body, Controller, Get, Param, Patch, Query, UseGuards } from '@nestjs/common';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { SupportGuard } from '../auth/support.guard.js';
import type { UserRecord } from '../users/users.service.js';
import { ListMessagesQuery, MessageIdParam, SetHandledDto } from './dto/support.dtos.js';
import type { StoredMessage } from './messages.repository.js';
import { SupportInboxService } from './support-inbox.service.js';

/** The support inbox's API: contact messages and feedback, for the support role only. */
@Controller('api/support')
@UseGuards(SupportGuard)
export class SupportController {
  constructor(private readonly inbox: SupportInboxService) {}

  @Get('messages')
  list(
    @Query() query: ListMessagesQuery,
  ): Promise<{ messages: StoredMessage[]; nextCursor: string | null }> {
    return this.inbox.list(query);
  }

  @Patch('messages/:id')
  async setHandled(
    @CurrentUser() user: UserRecord,
    @Param() params: MessageIdParam,
    @Body() body: SetHandledDto,
  ): Promise<{ message: StoredMessage }> {
    return { message: await this.inbox.setHandled(params.id, body.handled, user.email) };
  }
}
