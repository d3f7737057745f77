/**
 * The All Lotus Resources group of the side menu (SPEC.md section 2). No zod here: the web app's
 * router reads this list to register the pages.
 */
export const LOTUS_GROUP_NAME = 'All Lotus Resources';

/**
 * Every resource the group can list, in menu order. Each opens an embedded page whose embed slug is
 * its route without the slash, so an admin points it at the company's own address.
 */
export const lotusResources = [
  { key: 'engage', name: 'Engage', route: '/engage' },
  { key: 'real_estate', name: 'Leasing Pro', route: '/real-estate' },
  { key: 'lotus_drive', name: 'Lotus Drive', route: '/lotus-drive' },
  { key: 'real_time', name: 'Real Time', route: '/real-time' },
  { key: 'iverify', name: 'iVerify', route: '/iverify' },
  { key: 'membership_services', name: 'Membership Services', route: '/membership-services' },
] as const;
export type LotusResource = (typeof lotusResources)[number];
export type LotusResourceKey = LotusResource['key'];
export const lotusResourceKeys = lotusResources.map((resource) => resource.key) as [
  LotusResourceKey,
  ...LotusResourceKey[],
];
/** The embed slug a Lotus resource page shows: `/real-estate` shows the embed `real-estate`. */
export const lotusEmbedSlug = (resource: LotusResource) => resource.route.slice(1);
