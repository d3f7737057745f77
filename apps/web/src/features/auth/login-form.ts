import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@portal/contract/auth';

/**
 * The sign-in form's validation, loaded by the sign-in page on first use (with zod and the auth
 * contract) so the page itself shows before they arrive.
 */
export const loginResolver = zodResolver(loginRequestSchema);
