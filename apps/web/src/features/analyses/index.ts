/** What other features may use of the analyses feature. */
export { CustomerExceedances } from './components/customer-exceedances';
