import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsMongoId,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MESSAGE_KINDS, SURFACES, type MessageKind, type Surface } from 'contracts';

const toBoolean = ({ value }: { value: unknown }): unknown =>
  value === 'true' ? true : value === 'false' ? false : value;

/** GET /api/support/messages query. */
export class ListMessagesQuery {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @IsOptional()
  @IsIn(SURFACES)
  surface?: Surface;

  @IsOptional()
  @IsIn(MESSAGE_KINDS)
  kind?: MessageKind;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'handled must be true or false' })
  handled?: boolean;

  /** Cursor: the last message of the previous page, as `ISO-date_id`. */
  @IsOptional()
  @IsString()
  @Matches(/^\d{4}-\d\d-\d\dT[\d:.]+Z_[a-f0-9]{24}$/, { message: 'before is not a valid cursor' })
  before?: string;

  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;
}

export class MessageIdParam {
  @IsMongoId({ message: 'Unknown message' })
  id!: string;
}

/** PATCH /api/support/messages/:id. */
export class SetHandledDto {
  @IsBoolean({ message: 'handled must be true or false' })
  handled!: boolean;
}

/** POST /api/contact?surface=sheets-addon: which contact page the message came from. */
export class ContactSurfaceQuery {
  @IsOptional()
  @IsIn(SURFACES)
  surface?: Surface;
}
