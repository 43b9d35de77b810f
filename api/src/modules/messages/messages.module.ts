import { Module } from '@nestjs/common';
import { ExtractionModule } from '../extraction/extraction.module.js';
import { MessagesController } from './messages.controller.js';
import { MessagesDataModule } from './messages-data.module.js';
import { MessagesService } from './messages.service.js';
import { SupportController } from './support.controller.js';

@Module({
  imports: [ExtractionModule, MessagesDataModule],
  controllers: [MessagesController, SupportController],
  providers: [MessagesService],
})
export class MessagesModule {}
