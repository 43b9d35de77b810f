import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ExtractionModule } from '../extraction/extraction.module.js';
import { UsersModule } from '../users/users.module.js';
import { MessagesController } from './messages.controller.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';
import {
  FeedbackBonus,
  FeedbackBonusSchema,
  Message,
  MessageSchema,
  SpamCount,
  SpamCountSchema,
} from './schemas/message.schema.js';
import { SupportController } from './support.controller.js';
import { MessageThrottlerGuard, MessageThrottlerModule } from './throttling/message-throttling.js';

@Module({
  imports: [
    ExtractionModule,
    UsersModule,
    MessageThrottlerModule,
    MongooseModule.forFeature([
      { name: Message.name, schema: MessageSchema },
      { name: SpamCount.name, schema: SpamCountSchema },
      { name: FeedbackBonus.name, schema: FeedbackBonusSchema },
    ]),
  ],
  controllers: [MessagesController, SupportController],
  providers: [MessagesRepository, MessagesService, MessageThrottlerGuard],
  exports: [MessagesRepository],
})
export class MessagesModule {}
