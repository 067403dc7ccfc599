// What other features may use of sites: the medium's coloured tag and the frequency options.

// The customer picker (searched as you type), for other features' filters and forms.
export { CustomerSelect } from './components/customer-select';
export { FREQUENCY_OPTIONS, MEDIUM_OPTIONS, MediumTag } from './components/site-labels';
