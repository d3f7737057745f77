/** Browser storage keys, exactly as SPEC.md section 3 names them. */
export const storageKeys = {
  token: 'authentication_token',
  user: 'user',
  userId: 'user_id',
  storeId: 'store_id',
  storeName: 'store_name',
  permissions: 'permissions',
  timezone: 'timezone',
  logo: 'logo',
  themeColor: 'theme_color',
  isB2BUser: 'isB2BUser',
  scheduleId: 'scheduleId',
  clockIn: 'clock_in',
  showAutoClockoutTimeCards: 'showAutoClockoutTimeCards',
  breakPopUpShow: 'breakPopUpShow',
  breakPopUpShowSchedule: 'breakPopUpShowSchedule',
  timeoutLimit: 'timeout_limit',
  locked: 'locked',
  lockedUser: 'locked_user',
  cartItems: 'cart_items',
  cartAccessories: 'cart_accessories',
  sidebarItems: 'sidebarItems',
  themeMode: 'theme_mode',
  /** The company's carriers, read on the home-screen load and cached (SPEC.md section 7). */
  companyCarriers: 'company_carriers',
} as const;
export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
