import { IsString, MaxLength } from 'class-validator';

export class SetRedirectDto {
  @IsString()
  @MaxLength(2000)
  path: string;
}
