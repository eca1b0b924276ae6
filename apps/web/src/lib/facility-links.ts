/** A Google Maps embed of a point (no key needed), for every map the customer pages show. */
export function mapEmbedUrl(lat: number, lon: number): string {
  return `https://maps.google.com/maps?q=${lat},${lon}&z=15&output=embed`;
}

/** The same point in the phone's map app (or the map site on a computer): Google Maps' universal link. */
export function mapAppUrl(lat: number, lon: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lon}`;
}

/** A phone number as a `tel:` link (digits and +, whatever the hyphens and spaces). */
export function telHref(tel: string): string {
  return `tel:${tel.replace(/[^\d+]/g, '')}`;
}
