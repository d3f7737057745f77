import type { SessionUser } from '@portal/contract/auth';
import type { SidebarNode } from '@portal/contract/resources/navigation';
import { api, deferredParser, ignoreData } from '../../platform/api.ts';
import { isRecord } from '../../platform/is-record.ts';

/**
 * What the signed-in frame needs of the session before its first paint, without zod: the frame's
 * JavaScript stays small, and sessionUserSchema (with zod) is fetched beside GET /auth/me.
 */

export const meQueryKey = ['auth', 'me'] as const;

const sessionUserParser = deferredParser(async () => {
  const { sessionUserSchema } = await import('@portal/contract/auth');
  return sessionUserSchema;
});

/** GET /auth/me: the signed-in user as the server sees it now, checked with sessionUserSchema. */
export async function fetchMe(signal?: AbortSignal): Promise<SessionUser> {
  const reply = await api.get('/auth/me', sessionUserParser, { signal });
  return reply.data;
}

/** POST /auth/logout; an already-ended session is not an error here. */
export async function logout(): Promise<void> {
  await api.post('/auth/logout', undefined, ignoreData, { endSessionOnExpiry: false });
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;
const isInt = (value: unknown) => typeof value === 'number' && Number.isInteger(value);
const isString = (value: unknown) => typeof value === 'string';
const orNull =
  (check: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    value === null || check(value);

function isSidebarNode(value: unknown): value is SidebarNode {
  return (
    isRecord(value) &&
    isId(value.id) &&
    isString(value.name) &&
    orNull(isString)(value.route) &&
    orNull(isString)(value.external_link) &&
    orNull(isId)(value.parent_id) &&
    typeof value.is_root === 'boolean' &&
    isInt(value.order) &&
    orNull(isString)(value.icon) &&
    orNull(isId)(value.embed_and_links_id) &&
    orNull((links) => isRecord(links) && isString(links.slug))(value.embedsAndLinks) &&
    orNull(isString)(value.powerbi_report_id) &&
    orNull((permission) => isRecord(permission) && isString(permission.title))(value.permissions) &&
    Array.isArray(value.children) &&
    value.children.every(isSidebarNode)
  );
}

/**
 * The same check as sessionUserSchema (contract/auth.ts), written out by hand for the copy kept in
 * browser storage, which the frame draws before the server answers. test/unit/session-user.test.ts
 * holds it to the schema field by field.
 */
export function isSessionUser(value: unknown): value is SessionUser {
  return (
    isRecord(value) &&
    isId(value.id) &&
    isString(value.uuid) &&
    isString(value.auth_uuid) &&
    isString(value.email) &&
    isString(value.first_name) &&
    isString(value.last_name) &&
    isId(value.company_id) &&
    isString(value.role) &&
    isInt(value.access_level) &&
    orNull(isId)(value.current_store) &&
    orNull(isString)(value.profile_photo) &&
    orNull(
      (store) =>
        isRecord(store) && isId(store.id) && isString(store.unique_id) && isString(store.name),
    )(value.store) &&
    orNull(isString)(value.logo_url) &&
    orNull(isString)(value.job_order_type) &&
    orNull(isString)(value.business_type) &&
    isRecord(value.permissions) &&
    Object.values(value.permissions).every((granted) => granted === true) &&
    Array.isArray(value.sidebarItems) &&
    value.sidebarItems.every(isSidebarNode) &&
    orNull(isId)(value.dealer_id) &&
    orNull(isId)(value.vendor_id)
  );
}
