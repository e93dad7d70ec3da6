/** Distances on the Earth for the package catalog: great-circle (haversine), in metres. */

export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The mean of the points (fine at the scale of a region), rounded to 6 decimals. */
export function centre(points: readonly LatLng[]): LatLng | undefined {
  if (points.length === 0) return undefined;
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    lat: round(points.reduce((sum, point) => sum + point.lat, 0) / points.length),
    lng: round(points.reduce((sum, point) => sum + point.lng, 0) / points.length),
  };
}
