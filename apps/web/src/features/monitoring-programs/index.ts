// What other features may use of monitoring programmes: a contract's programmes card.
export { ContractPrograms } from './components/contract-programs';
