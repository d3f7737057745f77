/**
 * The platform pieces the schedule screens (features/hr/schedule/) use, re-exported one level up so
 * those screens import them without deep relative paths (lint: no ../../../).
 */
export { api, ApiError } from '../../platform/api.ts';
export { readStored } from '../../platform/storage.ts';
export { notify } from '../../platform/toasts.ts';
export { ConfirmDialog } from '../../platform/ui/ConfirmDialog.tsx';
export { useUnsavedChangesGuard } from '../../platform/ui/unsaved-changes.tsx';
export type { ResourcePaths } from '../../platform/resources/paths.ts';
export type { ResourceRow } from '../../platform/resources/resource-api.ts';
export { createResourceScreens } from '../../platform/resources/screens.tsx';
export { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
