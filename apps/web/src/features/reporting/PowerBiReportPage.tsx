import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POWERBI_REPORT_ID } from '@portal/contract/reporting';
import type { SidebarNode } from '@portal/contract/resources/navigation';
import { useQuery } from '@tanstack/react-query';
import { factories, models, service } from 'powerbi-client';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../platform/PageLoader.tsx';
import { useSessionUser } from '../auth/useSessionUser.ts';
import { reportingApi, reportingKeys } from './reporting-api.ts';

function findReportName(nodes: readonly SidebarNode[], reportId: string): string | undefined {
  for (const node of nodes) {
    if (node.powerbi_report_id === reportId) return node.name;
    const below = findReportName(node.children, reportId);
    if (below) return below;
  }
  return undefined;
}

const powerbi = new service.Service(
  factories.hpmFactory,
  factories.wpmpFactory,
  factories.routerFactory,
);

/** Embeds the report with Microsoft's client library and the token the server made. */
function EmbeddedReport({
  reportId,
  embedUrl,
  accessToken,
  title,
}: {
  reportId: string;
  embedUrl: string;
  accessToken: string;
  title: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    powerbi.embed(element, {
      type: 'report',
      id: reportId,
      embedUrl,
      accessToken,
      tokenType: models.TokenType.Embed,
      settings: { panes: { filters: { visible: false } } },
    });
    return () => powerbi.reset(element);
  }, [reportId, embedUrl, accessToken]);
  return (
    <Box
      ref={container}
      aria-label={title}
      sx={{
        flex: 1,
        width: '100%',
        minHeight: 480,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '& iframe': { border: 0 },
      }}
    />
  );
}

/**
 * /reporting/pbi/{report id} (SPEC.md section 2): a Power BI report from the sidebar, named after
 * its sidebar item. The server makes the embed token (with the viewer's store scope as effective
 * identity); without Power BI configured the page says so instead of showing an empty frame.
 */
export function PowerBiReportPage() {
  const { reportId = '' } = useParams();
  const { data: user } = useSessionUser();
  const name = findReportName(user?.sidebarItems ?? [], reportId) ?? 'Power BI report';
  const valid = POWERBI_REPORT_ID.test(reportId);
  const embed = useQuery({
    queryKey: reportingKeys.powerBi(reportId),
    queryFn: ({ signal }) => reportingApi.powerBi(reportId, signal).then((r) => r.data),
    enabled: valid,
    meta: { errorToast: false },
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    document.title = name;
  }, [name]);
  return (
    <Stack spacing={2} sx={{ flex: 1, minHeight: 480, p: { xs: 1, md: 2 } }}>
      <Typography variant="h4" component="h1">
        {name}
      </Typography>
      {!valid ? (
        <Alert severity="warning">
          This is not a Power BI report id. Check the menu item&apos;s report id.
        </Alert>
      ) : embed.isPending ? (
        <PageLoader />
      ) : embed.isError ? (
        <Alert severity="error">{embed.error.message}</Alert>
      ) : !embed.data.configured ? (
        <Alert severity="info">{embed.data.message}</Alert>
      ) : (
        <EmbeddedReport
          reportId={embed.data.report_id}
          embedUrl={embed.data.embed_url}
          accessToken={embed.data.access_token}
          title={name}
        />
      )}
    </Stack>
  );
}
