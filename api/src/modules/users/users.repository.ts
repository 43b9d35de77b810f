import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Types, type Model } from 'mongoose';
import { BatchedReads } from '../../common/db/batched-reads.js';
import { User, type Role } from './schemas/user.schema.js';

export type UserRecord = User & { id: string; createdAt: Date; updatedAt: Date };

/** A new user: the free plan, 5 free add-on credits, no roles (spec §3, §6, §9). */
const NEW_USER = {
  isPremium: false,
  planType: 'Free user',
  premiumSince: null,
  nextBilling: null,
  validTill: null,
  isCancelled: false,
  isTrialPlan: false,
  subscriptionId: null,
  isTextOcrFeedbackSubmitted: false,
  isExtPremium: false,
  extPlan: null,
  extLastBilled: null,
  extNextBilling: null,
  extValidTill: null,
  isExtCancelled: false,
  topUpBalance: 0,
  defaultBalance: 5,
  roles: [] as User['roles'],
} satisfies Omit<User, 'googleId' | 'name' | 'email'>;

type Lean = Partial<User> &
  Pick<User, 'googleId' | 'name' | 'email'> & {
    _id: { toString(): string };
    __v?: number;
    createdAt: Date;
    updatedAt: Date;
  };

// FerretDB 1.x drops null and empty-array values written by an upsert's $setOnInsert, and cannot
// project inside findAndModify: a missing field reads as its new-user value, the version key goes.
const toRecord = ({ _id, __v: _version, ...rest }: Lean): UserRecord => ({
  ...NEW_USER,
  ...rest,
  id: _id.toString(),
});

@Injectable()
export class UsersRepository {
  /**
   * Every signed-in request reads its user: a person's reads asked for at once are made once
   * (one findOne per distinct id: FerretDB scans the whole collection for an `$in` on `_id`).
   */
  private readonly reads: BatchedReads<UserRecord>;

  constructor(@InjectModel(User.name) private readonly users: Model<User>) {
    this.reads = new BatchedReads(async (ids) => {
      const docs = await Promise.all(
        ids.map((id) => this.users.collection.findOne<Lean>({ _id: new Types.ObjectId(id) })),
      );
      return new Map(docs.flatMap((doc) => (doc ? [[doc._id.toString(), toRecord(doc)]] : [])));
    });
  }

  /** Creates the user at first sign-in, refreshes name and email at later ones. */
  async upsertByGoogleId(
    googleId: string,
    profile: { name: string; email: string },
  ): Promise<UserRecord> {
    const doc = await this.users
      .findOneAndUpdate(
        { googleId },
        { $set: { name: profile.name, email: profile.email }, $setOnInsert: NEW_USER },
        { upsert: true, returnDocument: 'after', setDefaultsOnInsert: false, runValidators: true },
      )
      .lean<Lean>()
      .exec();
    return toRecord(doc);
  }

  /**
   * The user as stored now (every signed-in request reads it: plans, credits and roles apply at
   * once). Through the driver, not a mongoose query: this runs on every signed-in request and
   * the query layer cost more than the read itself; batched with the reads asked for at the same
   * time (each still starts after it was asked for: see BatchedReads).
   */
  async findById(id: string): Promise<UserRecord | null> {
    if (!isValidObjectId(id)) return null;
    return this.reads.load(new Types.ObjectId(id).toString());
  }

  /** Records that the user sent their first text-OCR feedback (idempotent). */
  async setTextOcrFeedbackSubmitted(id: string): Promise<void> {
    if (!isValidObjectId(id)) return;
    await this.users.updateOne({ _id: id }, { $set: { isTextOcrFeedbackSubmitted: true } }).exec();
  }

  /** Grants or revokes a role for every account with this email; answers how many matched. */
  async setRole(email: string, role: Role, granted: boolean): Promise<number> {
    const update = granted ? { $addToSet: { roles: role } } : { $pull: { roles: role } };
    const result = await this.users.updateMany({ email: { $eq: email } }, update).exec();
    return result.matchedCount;
  }
}
