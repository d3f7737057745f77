import type { Permission } from '@portal/contract/permissions';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { defineFeature } from '../../platform/feature.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { resourceRoutes } from '../../platform/resources/routes.tsx';
import { shiftTemplatePaths } from './schedule/paths.ts';

const HrSettingsPage = lazyScreen(() => import('./HrSettingsPage.tsx'), 'HrSettingsPage');
const EmployeesPage = lazyScreen(() => import('./EmployeesPage.tsx'), 'EmployeesPage');
const EmployeeFormPage = lazyScreen(() => import('./EmployeeFormPage.tsx'), 'EmployeeFormPage');
const EmployeeCompensationPage = lazyScreen(
  () => import('./EmployeeRecordPage.tsx'),
  'EmployeeCompensationPage',
);
const EmployeeDocumentsPage = lazyScreen(
  () => import('./EmployeeRecordPage.tsx'),
  'EmployeeDocumentsPage',
);
const EmployeeBulkUploadPage = lazyScreen(
  () => import('./EmployeeBulkUploadPage.tsx'),
  'EmployeeBulkUploadPage',
);

const KiosksPage = lazyScreen(() => import('../hr-kiosk/KiosksPage.tsx'), 'KiosksPage');
const FaceEnrolmentPage = lazyScreen(
  () => import('../hr-face/FaceEnrolmentPage.tsx'),
  'FaceEnrolmentPage',
);
const FaceChecksPage = lazyScreen(() => import('../hr-face/FaceChecksPage.tsx'), 'FaceChecksPage');

const TimesheetPage = lazyScreen(() => import('./timesheets/TimesheetPage.tsx'), 'TimesheetPage');
const TimesheetDetailsPage = lazyScreen(
  () => import('./timesheets/TimesheetDetailsPage.tsx'),
  'TimesheetDetailsPage',
);
const ReportsPage = lazyScreen(() => import('./reports/ReportsPage.tsx'), 'ReportsPage');

const HrDashboardPage = lazyScreen(
  () => import('./dashboard/HrDashboardPage.tsx'),
  'HrDashboardPage',
);
const HrDashboardUnknownPage = lazyScreen(
  () => import('./dashboard/HrDashboardPage.tsx'),
  'HrDashboardUnknownPage',
);
const MyViewPage = lazyScreen(() => import('./dashboard/MyViewPage.tsx'), 'MyViewPage');
const StoreEmployeesPage = lazyScreen(
  () => import('./dashboard/StoreEmployeesPage.tsx'),
  'StoreEmployeesPage',
);
const TeamPage = lazyScreen(() => import('./dashboard/TeamPage.tsx'), 'TeamPage');
const TeamMemberPage = lazyScreen(() => import('./dashboard/TeamMemberPage.tsx'), 'TeamMemberPage');
const TimeoffPage = lazyScreen(() => import('./timeoff/TimeoffPage.tsx'), 'TimeoffPage');
const TimeoffRequestPage = lazyScreen(
  () => import('./timeoff/TimeoffRequestPage.tsx'),
  'TimeoffRequestPage',
);

const SchedulePage = lazyScreen(() => import('./schedule/SchedulePage.tsx'), 'SchedulePage');
const shiftTemplateScreens = async () =>
  (await import('./schedule/shift-screens.tsx')).shiftTemplateScreens;

/** A signed-in HR route shown only to holders of `permission` (others see /unauth). */
const guarded = (path: string, permission: Permission, element: ReactNode): RouteObject => ({
  path,
  element: <RequirePermission permission={permission}>{element}</RequirePermission>,
});

/** The HR screens (SPEC.md section 2, HR module). Each HR feature adds its routes here. */
export const hrRoutes: RouteObject[] = [
  guarded('/hr/settings', 'read_hr_settings', <HrSettingsPage />),
  guarded('/employees', 'read_employees', <EmployeesPage />),
  guarded('/employees/new', 'write_employees', <EmployeeFormPage />),
  guarded('/employees/bulkupload', 'write_employees', <EmployeeBulkUploadPage />),
  guarded('/employees/edit/:id', 'write_employees', <EmployeeFormPage />),
  guarded('/hr/kiosks', 'write_hr_kiosks', <KiosksPage />),
  guarded('/employees/compensation/:id', 'read_hr_compensation', <EmployeeCompensationPage />),
  guarded('/employees/documents/:id', 'read_employees', <EmployeeDocumentsPage />),
  guarded('/hr/my-face', 'write_hr_clockin', <FaceEnrolmentPage />),
  guarded('/hr/face-checks', 'read_hr_timecards', <FaceChecksPage />),
  guarded('/hr/timesheet', 'write_hr_clockin', <TimesheetPage />),
  guarded('/hr/timesheet-details', 'write_hr_clockin', <TimesheetDetailsPage />),
  guarded('/hr/reports', 'read_hr_reports', <ReportsPage />),
  guarded('/hr/dashboard', 'write_hr_clockin', <HrDashboardPage />),
  guarded('/hr/dashboard/my_view', 'write_hr_clockin', <MyViewPage />),
  guarded('/hr/dashboard/timeoff', 'write_hr_clockin', <TimeoffPage />),
  guarded('/hr/dashboard/timeoff/:id', 'write_hr_clockin', <TimeoffRequestPage />),
  guarded('/hr/dashboard/store_employees', 'read_hr_dashboard', <StoreEmployeesPage />),
  guarded('/hr/dashboard/:nestedRoute', 'write_hr_clockin', <HrDashboardUnknownPage />),
  guarded('/hr/team', 'read_hr_dashboard', <TeamPage />),
  guarded('/hr/team/action/:id', 'read_hr_dashboard', <TeamMemberPage />),
  guarded('/hr/schedule', 'read_hr_schedules', <SchedulePage />),
  ...resourceRoutes(shiftTemplatePaths, shiftTemplateScreens).map((route) => ({
    ...route,
    element: (
      <RequirePermission permission="read_hr_shift_templates">{route.element}</RequirePermission>
    ),
  })),
];

/** HR: the time clock's screens, employees, schedules, time off, timesheets, dashboards, kiosk. */
export const hrFeature = defineFeature({
  name: 'hr',
  signedInRoutes: hrRoutes,
});
