import { Injectable } from '@nestjs/common';
import type { InboxPage } from 'contracts';
import type { ListMessagesQuery } from './dto/support.dtos.js';
import { messageErrors } from './messages.errors.js';
import { MessagesRepository, type StoredMessage } from './messages.repository.js';

export type { StoredMessage };

const PAGE_SIZE = 50;

const cursorOf = (message: StoredMessage): string =>
  `${message.createdAt.toISOString()}_${message.id}`;

/** The support inbox: contact messages and feedback, newest first, searched and marked handled. */
@Injectable()
export class SupportInboxService {
  constructor(private readonly messages: MessagesRepository) {}

  async list(
    query: ListMessagesQuery,
  ): Promise<Omit<InboxPage, 'messages'> & { messages: StoredMessage[] }> {
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

  async setHandled(id: string, handled: boolean, by: string): Promise<StoredMessage> {
    const message = await this.messages.setHandled(id, handled, by);
    if (!message) throw messageErrors.notFound();
    return message;
  }

  /** The newest messages since a date (the support command line's `list`). */
  recent(options: { since?: Date; limit: number }): Promise<StoredMessage[]> {
    return this.messages.find({
      limit: options.limit,
      ...(options.since ? { since: options.since } : {}),
    });
  }
}
