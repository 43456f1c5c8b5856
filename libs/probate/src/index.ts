export { ProbateModule } from './probate.module';
