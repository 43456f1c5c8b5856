export { WebhooksModule } from './webhooks.module';
export { WebhookDispatcher } from './application/webhook-dispatcher';
