/** What a clock action carries about where the browser is (SPEC.md section 3, Geolocation). */
export interface ClockLocation {
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  /** GeolocationPositionError code when there is no position: 1 denied, 2 unavailable, 3 timeout. */
  location_error?: number;
}

const POSITION_UNAVAILABLE = 2;

/** The browser's position for a punch, or the error code when it gives none; never rejects. */
export function currentLocation(timeoutMs = 8000): Promise<ClockLocation> {
  if (!('geolocation' in navigator))
    return Promise.resolve({ location_error: POSITION_UNAVAILABLE });
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }),
      (error) => resolve({ location_error: error.code }),
      // A fresh position: a cached one could be from before the employee walked in.
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
    );
  });
}
