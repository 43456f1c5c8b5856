/**
 * The court accounting's rules that other contexts apply where their records are written (`@estate/accounting/rules`):
 * how a transaction is classified (contract-extensions §16.2), framework-free and importing nothing but the kernel's
 * domain face. A face of its own, beside `index.ts`, because the context that writes transactions (assets) must apply
 * these rules while this context reads assets' records: importing `@estate/accounting` from assets would close a cycle
 * as soon as this context's index exports its module and use cases.
 */
export * from './domain/accounting-category';
export type { Money } from './domain/accounting-money';
