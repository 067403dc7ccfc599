export { DeliveryLog } from './components/delivery-log';
