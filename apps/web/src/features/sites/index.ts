// What other features may use of sites: the medium's coloured tag and the frequency options.
export { FREQUENCY_OPTIONS, MEDIUM_OPTIONS, MediumTag } from './components/site-labels';
