import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Types, type Model } from 'mongoose';
import { BatchedReads } from '../../common/db/batched-reads.js';
import { LEGACY_PLAN_FIELDS, User, type Role } from './schemas/user.schema.js';

export type UserRecord = User & { id: string; createdAt: Date; updatedAt: Date };

/** A new user: no roles; plans and credits start in the billing module (spec §3, §6). */
const NEW_USER = {
  isTextOcrFeedbackSubmitted: false,
  roles: [] as User['roles'],
} satisfies Omit<User, 'googleId' | 'name' | 'email'>;

type Lean = Partial<User> &
  Pick<User, 'googleId' | 'name' | 'email'> & {
    _id: { toString(): string };
    createdAt: Date;
    updatedAt: Date;
  };

// FerretDB 1.x drops null and empty-array values written by an upsert's $setOnInsert, and cannot
// project inside findAndModify: a missing field reads as its new-user value. Only identity is
// read: plan fields a document may still carry belong to the billing module's migration.
const toRecord = (doc: Lean): UserRecord => ({
  googleId: doc.googleId,
  name: doc.name,
  email: doc.email,
  isTextOcrFeedbackSubmitted: doc.isTextOcrFeedbackSubmitted ?? NEW_USER.isTextOcrFeedbackSubmitted,
  roles: doc.roles ?? NEW_USER.roles,
  id: doc._id.toString(),
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** The plan fields a user document still carries from before the billing module owned them. */
export type LegacyPlanFields = { id: string; fields: Record<string, unknown> };

const HAS_LEGACY_FIELD = {
  $or: LEGACY_PLAN_FIELDS.map((field) => ({ [field]: { $exists: true } })),
};

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

  /** The user with this provider subject id (unique), as stored now; null before first sign-in. */
  async findByGoogleId(googleId: string): Promise<UserRecord | null> {
    const doc = await this.users.collection.findOne<Lean>({ googleId: { $eq: googleId } });
    return doc ? toRecord(doc) : null;
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

  /** Every account with this email (the support command line finds people by email). */
  async findByEmail(email: string): Promise<UserRecord[]> {
    const docs = await this.users.collection.find<Lean>({ email: { $eq: email } }).toArray();
    return docs.map(toRecord);
  }

  /** Up to `limit` users whose documents still carry plan fields, with those fields as stored. */
  async findWithLegacyPlanFields(limit: number): Promise<LegacyPlanFields[]> {
    const projection = Object.fromEntries(LEGACY_PLAN_FIELDS.map((field) => [field, 1]));
    const docs = await this.users.collection
      .find<Record<string, unknown> & { _id: { toString(): string } }>(HAS_LEGACY_FIELD, {
        projection: { ...projection, updatedAt: 1 },
      })
      .limit(limit)
      .toArray();
    return docs.map(({ _id, ...fields }) => ({ id: _id.toString(), fields }));
  }

  /** Removes the plan fields from a user document once the billing module holds them. */
  async unsetLegacyPlanFields(id: string): Promise<void> {
    if (!isValidObjectId(id)) return;
    const unset = Object.fromEntries(LEGACY_PLAN_FIELDS.map((field) => [field, '']));
    await this.users.collection.updateOne({ _id: new Types.ObjectId(id) }, { $unset: unset });
  }
}
