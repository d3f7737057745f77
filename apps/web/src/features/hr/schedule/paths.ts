import type { ResourcePaths } from '../../../platform/resources/paths.ts';

/** Where the shift template screens live (SPEC.md section 2: /hr/shift). */
export const shiftTemplatePaths: ResourcePaths = {
  list: '/hr/shift',
  create: '/hr/shift/new',
  edit: '/hr/shift/edit/:id',
  view: '/hr/shift/:id',
};

export const SCHEDULE_PATH = '/hr/schedule';
