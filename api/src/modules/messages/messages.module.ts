import { Module } from '@nestjs/common';
import { ExtractionModule } from '../extraction/extraction.module.js';
import { MessagesController } from './messages.controller.js';
import { MessagesDataModule } from './messages-data.module.js';
import { MessagesService } from './messages.service.js';
import { SupportController } from './support.controller.js';
import { MessageThrottlerGuard, MessageThrottlerModule } from './throttling/message-throttling.js';

@Module({
  imports: [ExtractionModule, MessagesDataModule, MessageThrottlerModule],
  controllers: [MessagesController, SupportController],
  providers: [MessagesService, MessageThrottlerGuard],
})
export class MessagesModule {}
