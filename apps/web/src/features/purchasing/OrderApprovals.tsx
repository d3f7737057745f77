import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import {
  accessLevelLabels,
  purchaseOrderApprovalSchema,
  type PurchaseOrderApproval,
} from '@portal/contract/resources/purchasing';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { formatDate } from '../../platform/resources/columns.tsx';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';

const rank = (level: number | null) =>
  level === null ? '' : (accessLevelLabels[level] ?? `Rank ${level}`);

/** The purchase order view's Approvals tab: who approved, their rank, the tier the total fell in. */
export function OrderApprovals({ row }: { row: ResourceRow }) {
  const approvals = useMemo(
    () =>
      (Array.isArray(row.approvals) ? row.approvals : []).flatMap((entry) => {
        const parsed = purchaseOrderApprovalSchema.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      }),
    [row.approvals],
  );
  const tier =
    row.approval_tier && typeof row.approval_tier === 'object' && 'label' in row.approval_tier
      ? String(row.approval_tier.label)
      : null;
  const columns = useMemo(
    (): DataColumn<PurchaseOrderApproval>[] => [
      { id: 'created_at', header: 'When', value: (entry) => formatDate(entry.created_at) ?? '' },
      { id: 'approved_by', header: 'Approved by', value: (entry) => entry.approved_by_name ?? '' },
      { id: 'rank', header: 'Their rank', value: (entry) => rank(entry.approver_access_level) },
      {
        id: 'tier',
        header: 'Tier',
        value: (entry) =>
          entry.tier_label
            ? `${entry.tier_label} (above ${formatCents(entry.tier_from_cents) ?? ''}, ${rank(entry.required_access_level)} or higher)`
            : 'Within the limit',
      },
      { id: 'total', header: 'Order total', value: (entry) => formatCents(entry.total_cents) },
    ],
    [],
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {row.needs_approval === true && (
        <Alert severity="info">
          {tier
            ? `This order is in the ${tier} tier: it needs an approver of that tier's rank or higher.`
            : `Orders above ${formatCents(row.approval_limit_cents) ?? ''} need approval.`}
        </Alert>
      )}
      <DataTable
        label="Approvals"
        reportName={`Purchase order ${row.id} approvals`}
        columns={columns}
        rows={approvals}
        getRowId={(entry) => String(entry.id)}
        emptyMessage={
          typeof row.approved_by_name === 'string' && row.approved_by_name
            ? `Approved by ${row.approved_by_name}; no tier was recorded.`
            : 'Not approved yet.'
        }
      />
    </Box>
  );
}
