// The navigation module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries").
export { loadSidebarTree } from './sidebar.ts';
