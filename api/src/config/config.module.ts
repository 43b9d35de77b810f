import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, BILLING_CONFIG, type AppConfig } from './app-config.js';

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: BILLING_CONFIG, useValue: config.billing },
      ],
      exports: [APP_CONFIG, BILLING_CONFIG],
    };
  }
}
