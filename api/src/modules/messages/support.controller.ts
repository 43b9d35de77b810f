import { Body, Controller, Get, Param, Patch, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../../common/errors/domain-error.js';
import { SupportGuard } from '../auth/support.guard.js';
import { ListMessagesQuery, MessageIdParam, SetHandledDto } from './dto/support.dtos.js';
import { MessagesRepository, type StoredMessage } from './messages.repository.js';
import '../auth/auth.types.js';

const PAGE_SIZE = 50;

class MessageNotFoundError extends DomainError {
  constructor() {
    super('MESSAGE_NOT_FOUND', 'That message does not exist.', 404);
  }
}

const cursorOf = (message: StoredMessage): string =>
  `${message.createdAt.toISOString()}_${message.id}`;

/** The support inbox's API: contact messages and feedback, for the support role only. */
@Controller('api/support')
@UseGuards(SupportGuard)
export class SupportController {
  constructor(private readonly messages: MessagesRepository) {}

  @Get('messages')
  async list(
    @Query() query: ListMessagesQuery,
  ): Promise<{ messages: StoredMessage[]; nextCursor: string | null }> {
    const limit = query.limit ?? PAGE_SIZE;
    let before: { createdAt: Date; id: string } | undefined;
    if (query.before) {
      const [at = '', id = ''] = query.before.split('_');
      before = { createdAt: new Date(at), id };
    }
    const messages = await this.messages.find({
      ...(query.q?.trim() ? { search: query.q.trim() } : {}),
      ...(query.surface ? { surface: query.surface } : {}),
      ...(query.kind ? { kind: query.kind } : {}),
      ...(query.handled !== undefined ? { handled: query.handled } : {}),
      ...(before ? { before } : {}),
      limit,
    });
    const last = messages.at(-1);
    return { messages, nextCursor: messages.length === limit && last ? cursorOf(last) : null };
  }

  @Patch('messages/:id')
  async setHandled(
    @Req() req: Request,
    @Param() params: MessageIdParam,
    @Body() body: SetHandledDto,
  ): Promise<{ message: StoredMessage }> {
    const by = req.user?.email ?? 'unknown';
    const message = await this.messages.setHandled(params.id, body.handled, by);
    if (!message) throw new MessageNotFoundError();
    return { message };
  }
}
