// What other features use of customers: the province picker and the placing of nested 422 errors on a form's lists.
export { placeNestedErrors } from './components/nested-errors';
export { ProvinceSelect } from './components/province-select';
