import { myStoreSchema } from '@portal/contract/shell';
import { z } from 'zod';

/** The store switcher's list (GET /me/stores); loaded by shell-api.ts when the call is made. */
export const myStoresSchema = z.array(myStoreSchema);
