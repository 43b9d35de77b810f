import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MessagesRepository } from './messages.repository.js';
import { Message, MessageSchema, SpamCount, SpamCountSchema } from './schemas/message.schema.js';
import { SupportInboxService } from './support-inbox.service.js';

/**
 * The messages' storage and the support inbox, without HTTP: the API's MessagesModule and the
 * support command line both import it.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Message.name, schema: MessageSchema },
      { name: SpamCount.name, schema: SpamCountSchema },
    ]),
  ],
  providers: [MessagesRepository, SupportInboxService],
  exports: [MessagesRepository, SupportInboxService],
})
export class MessagesDataModule {}
