// The wire contracts of the platform: one home for every type and list that the API and the front
// ends (and the scripts that start them) must agree on. Dependency-free; the front ends compile
// the source, Node runs the build in dist/ (built by `npm install`'s setup step and `npm run build`).
export * from './errors.js';
export * from './extract.js';
export * from './ads-click.js';
export * from './users.js';
export * from './billing.js';
export * from './payments.js';
export * from './messages.js';
export * from './languages.js';
export * from './remotes.js';
export * from './runtime-config.js';
export * from './clients.js';
export * from './tables.js';
export * from './cells.js';
export * from './integrations.js';
export * from './error-reporting.js';
