import { hrMessages, MAX_ACCURACY_ALLOWANCE_M, type GeofenceMode } from '@portal/contract/hr';
import { AppError } from '../../platform/errors.ts';

/** Where a store accepts punches, and how strictly. */
export interface LocationPolicy {
  /** Coordinates must come with every punch (SPEC.md: geolocation_restriction_required). */
  restrictionRequired: boolean;
  mode: GeofenceMode;
  fence: { latitude: number; longitude: number; radius: number } | null;
}

export interface ReportedLocation {
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  accuracy?: number | null | undefined;
  location_error?: number | null | undefined;
}

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A location check requires coordinates whenever the store demands them or draws a fence. */
export const needsLocation = (policy: LocationPolicy) =>
  policy.restrictionRequired || policy.fence !== null;

/**
 * Checks a punch's reported location against the store's policy. Returns null when it passes, the
 * reason when it is accepted but flagged (warn mode, or `neverBlock` for clock-outs, which must
 * always be possible), and throws a 400 when block mode refuses it. A position counts as inside
 * when the fence's circle and the position's accuracy circle (capped) overlap.
 */
export function checkLocation(
  policy: LocationPolicy,
  reported: ReportedLocation,
  neverBlock = false,
): string | null {
  if (!needsLocation(policy)) return null;
  const block = policy.mode === 'block' && !neverBlock;
  const { latitude, longitude } = reported;
  if (
    latitude === null ||
    latitude === undefined ||
    longitude === null ||
    longitude === undefined
  ) {
    if (block) throw AppError.badRequest(hrMessages.locationRequired);
    const code = reported.location_error;
    return code === 1
      ? 'No location: permission denied'
      : `No location${code ? ` (error ${code})` : ''}`;
  }
  if (!policy.fence) return null;
  const distance = distanceMetres(policy.fence, { latitude, longitude });
  const allowance = Math.min(Math.max(reported.accuracy ?? 0, 0), MAX_ACCURACY_ALLOWANCE_M);
  const outside = distance - allowance - policy.fence.radius;
  if (outside <= 0) return null;
  const message = hrMessages.outsideGeofence(Math.ceil(outside));
  if (block) throw AppError.badRequest(message);
  return message;
}
