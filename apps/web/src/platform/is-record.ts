/** A plain object whose fields can be read safely (parsed JSON, location state). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
