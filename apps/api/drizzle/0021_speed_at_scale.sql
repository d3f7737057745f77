-- Speed at scale (issue 13). Hand-written (drizzle-kit generate --custom); idempotent.
--
-- 1. Session cache invalidation: whatever decides whether a bearer token still names a caller (the
--    session, the user's state, role, permission groups, role/group links, the company) NOTIFYs
--    'portal_sessions' with the company's id; every API instance LISTENs and drops that company's
--    cached sessions (apps/api/src/platform/session-cache.ts). NOTIFY is sent at commit.
CREATE OR REPLACE FUNCTION portal_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  PERFORM pg_notify('portal_sessions', coalesce(changed ->> TG_ARGV[0], ''));
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_cache_update ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_cache_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
        OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION portal_session_changed('company_id');--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_cache_delete ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_cache_delete AFTER DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION portal_session_changed('company_id');--> statement-breakpoint
DROP TRIGGER IF EXISTS users_cache_update ON users;--> statement-breakpoint
CREATE TRIGGER users_cache_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.is_locked IS DISTINCT FROM NEW.is_locked
        OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted OR OLD.role_id IS DISTINCT FROM NEW.role_id
        OR OLD.access_level IS DISTINCT FROM NEW.access_level OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION portal_session_changed('company_id');--> statement-breakpoint
DROP TRIGGER IF EXISTS users_cache_delete ON users;--> statement-breakpoint
CREATE TRIGGER users_cache_delete AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION portal_session_changed('company_id');--> statement-breakpoint
DROP TRIGGER IF EXISTS roles_cache ON roles;--> statement-breakpoint
CREATE TRIGGER roles_cache AFTER UPDATE OR DELETE ON roles FOR EACH ROW
  EXECUTE FUNCTION portal_session_changed('company_id');--> statement-breakpoint
DROP TRIGGER IF EXISTS permission_groups_cache ON permission_groups;--> statement-breakpoint
CREATE TRIGGER permission_groups_cache AFTER INSERT OR UPDATE OR DELETE ON permission_groups FOR EACH ROW
  EXECUTE FUNCTION portal_session_changed('company_id');--> statement-breakpoint
DROP TRIGGER IF EXISTS role_permission_groups_cache ON role_permission_groups;--> statement-breakpoint
CREATE TRIGGER role_permission_groups_cache AFTER INSERT OR UPDATE OR DELETE ON role_permission_groups FOR EACH ROW
  EXECUTE FUNCTION portal_session_changed('company_id');--> statement-breakpoint
DROP TRIGGER IF EXISTS companies_cache ON companies;--> statement-breakpoint
CREATE TRIGGER companies_cache AFTER UPDATE OR DELETE ON companies FOR EACH ROW
  EXECUTE FUNCTION portal_session_changed('id');--> statement-breakpoint
--
-- 2. Lists: an index per engine resource matching its default sort within the tenant, with id as
--    the tie-breaker the engine orders by (a backward scan serves the descending defaults).

CREATE INDEX IF NOT EXISTS "regions_list_name_idx" ON "regions" ("company_id", "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "districts_list_name_idx" ON "districts" ("company_id", "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stores_list_name_idx" ON "stores" ("company_id", "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "roles_list_name_idx" ON "roles" ("company_id", "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "permission_groups_list_name_idx" ON "permission_groups" ("company_id", "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_list_last_name_idx" ON "users" ("company_id", "last_name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sidebar_items_list_order_idx" ON "sidebar_items" ("company_id", "order", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "required_fields_list_order_idx" ON "required_fields" ("company_id", "order", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "embeds_and_links_list_title_idx" ON "embeds_and_links" ("company_id", "title", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_stores_list_user_id_idx" ON "user_stores" ("company_id", "user_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_regions_list_user_id_idx" ON "user_regions" ("company_id", "user_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_districts_list_user_id_idx" ON "user_districts" ("company_id", "user_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "categories_list_name_idx" ON "categories" ("company_id", "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_list_name_idx" ON "products" ("company_id", "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "adjustment_reasons_list_name_idx" ON "adjustment_reasons" ("company_id", "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "manufacturers_list_name_idx" ON "manufacturers" ("company_id", "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tax_info_list_name_idx" ON "tax_info" ("company_id", "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "company_assets_list_name_idx" ON "company_assets" ("company_id", "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "module_fields_list_order_idx" ON "module_fields" ("company_id", "order", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "role_module_fields_list_role_id_idx" ON "role_module_fields" ("company_id", "role_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "hr_shift_templates_list_start_time_idx" ON "hr_shift_templates" ("company_id", "start_time", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "hr_kiosk_devices_list_revoked_at_idx" ON "hr_kiosk_devices" ("company_id", "revoked_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "hr_compensations_list_effective_from_idx" ON "hr_compensations" ("company_id", "effective_from", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "hr_store_temp_access_list_ends_on_idx" ON "hr_store_temp_access" ("company_id", "ends_on", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "hr_timeoff_types_list_name_idx" ON "hr_timeoff_types" ("company_id", "name", "id");--> statement-breakpoint
--
-- 3. Search and contains filters (ILIKE '%term%'): trigram indexes where pg_trgm is available (a
--    PostgreSQL server with contrib; PGlite only when the extension is loaded), a no-op elsewhere.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS users_first_name_trgm_idx ON users USING gin (first_name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS users_last_name_trgm_idx ON users USING gin (last_name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS stores_name_trgm_idx ON stores USING gin (name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS products_name_trgm_idx ON products USING gin (name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS products_sku_trgm_idx ON products USING gin (sku gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS support_tickets_email_trgm_idx ON support_tickets USING gin (email gin_trgm_ops);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm not installed (no privilege): search filters scan';
END $$;
