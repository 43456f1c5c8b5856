export { TransfersModule } from './transfers.module';
