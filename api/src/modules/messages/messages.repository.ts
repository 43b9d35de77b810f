import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Types, type Model } from 'mongoose';
import type { FormName, InboxMessage, MessageKind, Surface } from 'contracts';
import { Message, SpamCount } from './schemas/message.schema.js';

/** A message as the inbox lists it (contracts' InboxMessage), with its dates as dates. */
export type StoredMessage = Omit<InboxMessage, 'handledAt' | 'createdAt'> & {
  handledAt: Date | null;
  createdAt: Date;
};

export type MessageQuery = {
  search?: string;
  surface?: Surface;
  kind?: MessageKind;
  handled?: boolean;
  since?: Date;
  /** Messages created before this one (the previous page's last id). */
  before?: { createdAt: Date; id: string };
  limit: number;
};

// Stored documents may lack defaulted fields (FerretDB 1.x drops some nulls): read them as optional.
type Lean = Omit<StoredMessage, 'id' | 'userAgent' | 'handled'> &
  Partial<Pick<StoredMessage, 'userAgent' | 'handled'>> & {
    _id: { toString(): string };
    searchText: string;
  };

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const toStored = ({ _id, searchText: _search, ...rest }: Lean): StoredMessage => ({
  id: _id.toString(),
  kind: rest.kind,
  surface: rest.surface,
  form: rest.form,
  fields: rest.fields,
  userId: rest.userId ?? null,
  userEmail: rest.userEmail ?? null,
  userAgent: rest.userAgent ?? '',
  handled: rest.handled ?? false,
  handledAt: rest.handledAt ?? null,
  handledBy: rest.handledBy ?? null,
  createdAt: rest.createdAt,
});

@Injectable()
export class MessagesRepository {
  constructor(
    @InjectModel(Message.name) private readonly messages: Model<Message>,
    @InjectModel(SpamCount.name) private readonly spam: Model<SpamCount>,
  ) {}

  /** Resolves once the database has acknowledged the write. */
  async create(message: Omit<Message, 'handled' | 'handledAt' | 'handledBy'>): Promise<string> {
    const doc = await this.messages.create({ ...message, handled: false });
    return doc._id.toString();
  }

  async countSpam(form: FormName, day: string): Promise<void> {
    await this.spam.updateOne({ form, day }, { $inc: { count: 1 } }, { upsert: true }).exec();
  }

  async spamCount(form: FormName, day: string): Promise<number> {
    const row = await this.spam.findOne({ form, day }).lean().exec();
    return row?.count ?? 0;
  }

  /** Newest first. Every value is matched with $eq or an escaped pattern, never as an operator. */
  async find(query: MessageQuery): Promise<StoredMessage[]> {
    const filter: Record<string, unknown> = {};
    if (query.search) {
      filter.searchText = { $regex: escapeRegex(query.search.toLowerCase()) };
    }
    if (query.surface) filter.surface = { $eq: query.surface };
    if (query.kind) filter.kind = { $eq: query.kind };
    if (query.handled !== undefined) filter.handled = { $eq: query.handled };
    if (query.since) filter.createdAt = { $gte: query.since };
    if (query.before) {
      const { createdAt, id } = query.before;
      filter.$or = [
        { createdAt: { $lt: createdAt } },
        { createdAt: { $eq: createdAt }, _id: { $lt: new Types.ObjectId(id) } },
      ];
    }
    const rows = await this.messages
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .limit(query.limit)
      .lean<Lean[]>()
      .exec();
    return rows.map(toStored);
  }

  async findById(id: string): Promise<StoredMessage | null> {
    if (!isValidObjectId(id)) return null;
    const row = await this.messages.findById(id).lean<Lean>().exec();
    return row ? toStored(row) : null;
  }

  async setHandled(id: string, handled: boolean, by: string): Promise<StoredMessage | null> {
    if (!isValidObjectId(id)) return null;
    const row = await this.messages
      .findByIdAndUpdate(
        id,
        {
          $set: {
            handled,
            handledAt: handled ? new Date() : null,
            handledBy: handled ? by : null,
          },
        },
        { returnDocument: 'after' },
      )
      .lean<Lean>()
      .exec();
    return row ? toStored(row) : null;
  }
}
