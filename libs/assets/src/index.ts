export { AssetsModule } from './assets.module';
