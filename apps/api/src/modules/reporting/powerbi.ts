import { reportingMessages, type PowerBiEmbed } from '@portal/contract/reporting';
import type { Config } from '../../config.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { resolveScope } from '../oneview/api.ts';

/** The row-level-security role the report's dataset defines for store scoping (see README). */
export const POWERBI_SCOPE_ROLE = 'StoreScope';

type PowerBiConfig = Pick<
  Config,
  'POWERBI_TENANT_ID' | 'POWERBI_CLIENT_ID' | 'POWERBI_CLIENT_SECRET' | 'POWERBI_WORKSPACE_ID'
>;

const powerBiFailed = (step: string, status: number) =>
  new AppError(502, `Power BI did not answer (${step}: HTTP ${status}); please try again later`);

async function json<T>(response: Response, step: string): Promise<T> {
  if (!response.ok) throw powerBiFailed(step, response.status);
  return (await response.json()) as T;
}

/**
 * The embed token of a Power BI report for the caller, made with the app's service principal and
 * the caller's store scope as the effective identity (username: their user id; role StoreScope;
 * customData: the store ids they may see, comma separated). Without configuration: a message.
 */
export async function powerBiEmbed(
  config: PowerBiConfig,
  db: Executor,
  ctx: RequestContext,
  reportId: string,
): Promise<PowerBiEmbed> {
  const { POWERBI_TENANT_ID, POWERBI_CLIENT_ID, POWERBI_CLIENT_SECRET, POWERBI_WORKSPACE_ID } =
    config;
  if (!POWERBI_TENANT_ID || !POWERBI_CLIENT_ID || !POWERBI_CLIENT_SECRET || !POWERBI_WORKSPACE_ID)
    return { configured: false, message: reportingMessages.powerBiNotConfigured };
  const scope = await resolveScope(db, ctx, null);

  const { access_token: aad } = await json<{ access_token: string }>(
    await fetch(
      `https://login.microsoftonline.com/${encodeURIComponent(POWERBI_TENANT_ID)}/oauth2/v2.0/token`,
      {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: POWERBI_CLIENT_ID,
          client_secret: POWERBI_CLIENT_SECRET,
          scope: 'https://analysis.windows.net/powerbi/api/.default',
        }),
      },
    ),
    'sign-in',
  );
  const api = 'https://api.powerbi.com/v1.0/myorg';
  const headers = { authorization: `Bearer ${aad}`, 'content-type': 'application/json' };
  const reportResponse = await fetch(
    `${api}/groups/${encodeURIComponent(POWERBI_WORKSPACE_ID)}/reports/${encodeURIComponent(reportId)}`,
    { headers },
  );
  if (reportResponse.status === 404) throw AppError.notFound('Power BI report');
  const report = await json<{ id: string; embedUrl: string; datasetId: string }>(
    reportResponse,
    'report',
  );
  const token = await json<{ token: string; expiration: string }>(
    await fetch(`${api}/GenerateToken`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        reports: [{ id: report.id }],
        datasets: [{ id: report.datasetId }],
        identities: [
          {
            username: String(ctx.userId),
            roles: [POWERBI_SCOPE_ROLE],
            customData: scope.storeIds.join(','),
            datasets: [report.datasetId],
          },
        ],
      }),
    }),
    'embed token',
  );
  return {
    configured: true,
    report_id: report.id,
    embed_url: report.embedUrl,
    access_token: token.token,
    expires_at: token.expiration,
  };
}
