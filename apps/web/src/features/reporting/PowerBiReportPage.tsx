import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SidebarNode } from '@portal/contract/resources/navigation';
import { useParams } from 'react-router';
import { useSessionUser } from '../auth/useSessionUser.ts';

/** Power BI report ids are GUIDs. */
const REPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function findReportName(nodes: readonly SidebarNode[], reportId: string): string | undefined {
  for (const node of nodes) {
    if (node.powerbi_report_id === reportId) return node.name;
    const below = findReportName(node.children, reportId);
    if (below) return below;
  }
  return undefined;
}

/** Power BI's secure embed: the viewer signs in with their own Microsoft account. */
export const powerBiEmbedUrl = (reportId: string) =>
  `https://app.powerbi.com/reportEmbed?reportId=${encodeURIComponent(reportId)}&autoAuth=true`;

/**
 * /reporting/pbi/{report id} (SPEC.md section 2): a Power BI report from the sidebar, embedded with
 * Power BI's secure embed, named after its sidebar item.
 */
export function PowerBiReportPage() {
  const { reportId = '' } = useParams();
  const { data: user } = useSessionUser();
  const name = findReportName(user?.sidebarItems ?? [], reportId) ?? 'Power BI report';
  if (!REPORT_ID.test(reportId)) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h4" component="h1">
          Power BI report
        </Typography>
        <Alert severity="warning">
          This is not a Power BI report id. Check the menu item&apos;s report id.
        </Alert>
      </Stack>
    );
  }
  const url = powerBiEmbedUrl(reportId);
  return (
    <Stack spacing={2} sx={{ flex: 1, minHeight: 480 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {name}
        </Typography>
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNewIcon />}
        >
          Open in Power BI
        </Button>
      </Stack>
      <Box
        component="iframe"
        src={url}
        title={name}
        allowFullScreen
        sx={{
          flex: 1,
          width: '100%',
          minHeight: 480,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      />
    </Stack>
  );
}
