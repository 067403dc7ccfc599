export { SubstitutesDrawer } from './components/substitutes-drawer';
