import { describeDeclaredContracts } from '../support/declared-contracts';

describeDeclaredContracts('case');
