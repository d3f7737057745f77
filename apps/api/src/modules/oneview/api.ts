// OneView's public functions for other modules (see docs/ARCHITECTURE.md, "Boundaries"): the one
// scope rule (what a user may see), which reports follow as the widgets do.
export { resolveScope, scopeOptions } from './scope.ts';
