import { describeDeclaredContracts } from '../support/declared-contracts';

// Their own suites run the contract with the bodies their rules need (a category follows the amount; an address).
describeDeclaredContracts('assets', { except: ['transaction', 'real estate property', 'real estate valuation'] });
