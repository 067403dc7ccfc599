// The demo loaders in one module, imported by main.ts only when it starts with --demo.
export { loadDemo } from './demo';
export { loadDemoActivity } from './demo-activity';
export { loadDemoAnalyses } from './demo-analyses';
export { loadDemoContractTemplates } from './demo-contract-templates';
export { loadDemoContracts } from './demo-contracts';
export { loadDemoEvaluations } from './demo-evaluations';
export { loadDemoPrograms } from './demo-programs';
export { loadDemoSamples } from './demo-samples';
export { loadDemoSites } from './demo-sites';
export { loadDemoTestReports } from './demo-test-reports';
export { loadDemoTrips } from './demo-trips';
