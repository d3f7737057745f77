import type { SalesReportGroupBy } from '@portal/contract/sales-reports';

/** What a sales report path shows: the summary by a group, the metrics, or the sale lines. */
export interface SalesReportPreset {
  path: string;
  view: 'summary' | 'metrics' | 'details';
  title: string;
  description: string;
  /** the grouping the screen opens with (the user may change it) */
  groupBy: SalesReportGroupBy;
  /** days the default range covers, ending today */
  days: number;
  /** opens on the whole company (for those who may see it) rather than the default scope */
  companyWide?: boolean;
}

const summary = 'Sales, units, revenue, returns, net, activations, attach rate and hours worked';
const metrics =
  'Activations, accessory attach rate, average sale and net sales per hour worked (time clock)';

/**
 * SPEC.md section 2's sales report paths (and section 43's /sales-engagement): one screen and one
 * API, each path a preset. SPEC.md says nothing more of the /uw, /wecan and -mc variants, so they
 * are the same report opened on another grouping or scope.
 */
export const salesReportPresets: readonly [SalesReportPreset, ...SalesReportPreset[]] = [
  {
    path: '/sales-reports',
    view: 'summary',
    title: 'Sales Reports',
    description: `${summary}, by store.`,
    groupBy: 'store',
    days: 30,
  },
  {
    path: '/sales-report/uw',
    view: 'summary',
    title: 'Sales Report (UW)',
    description: `${summary}, by carrier.`,
    groupBy: 'carrier',
    days: 30,
  },
  {
    path: '/sales-report/wecan',
    view: 'summary',
    title: 'Sales Report (WeCan)',
    description: `${summary}, by product category.`,
    groupBy: 'category',
    days: 30,
  },
  {
    path: '/sales-details-reports',
    view: 'details',
    title: 'Sales Details Report',
    description:
      'Every sale line: date, store, employee, customer, product, serial, totals and refunds.',
    groupBy: 'store',
    days: 7,
  },
  {
    path: '/sales-details-reports-mc',
    view: 'details',
    title: 'Sales Details Report (MC)',
    description: 'Every sale line of the whole company (or the places you may see).',
    groupBy: 'store',
    days: 7,
    companyWide: true,
  },
  {
    path: '/sales-metrics-reports',
    view: 'metrics',
    title: 'Sales Metrics Report',
    description: `${metrics}, per employee.`,
    groupBy: 'employee',
    days: 30,
  },
  {
    path: '/sales-metric-report',
    view: 'metrics',
    title: 'Sales Metric Report',
    description: `${metrics}, per store.`,
    groupBy: 'store',
    days: 30,
  },
  {
    path: '/sales-engagement',
    view: 'metrics',
    title: 'Sales Engagement',
    description: `${metrics}, per employee over the last seven days.`,
    groupBy: 'employee',
    days: 7,
  },
];
