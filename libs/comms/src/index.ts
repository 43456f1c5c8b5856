export { CommsModule } from './comms.module';
