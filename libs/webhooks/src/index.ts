export { WebhooksModule } from './webhooks.module';
export { WebhookDispatcher } from './application/webhook-dispatcher';
export { WebhookDispatcherLoop } from './application/webhook-dispatcher-loop';
