import { z } from 'zod';
import {
  kioskDeviceSchema,
  kioskEnrolResultSchema,
  kioskPersonSchema,
  kioskPunchResultSchema,
  kioskStateSchema,
  type KioskEnrolRequest,
  type KioskIdentifyRequest,
  type KioskPunchRequest,
} from '@portal/contract/hr-kiosk';
import { api } from '../../platform/api.ts';

/** The kiosk calls (issue 6, shared store device). */
export const kioskApi = {
  // Manager side: a signed-in session with write_hr_kiosks.
  list: (signal?: AbortSignal) =>
    api.get('/hr-kiosks', z.object({ results: z.array(kioskDeviceSchema) }), { signal }),
  enrol: (body: KioskEnrolRequest) => api.post('/hr-kiosks', body, kioskEnrolResultSchema),
  revoke: (id: number) => api.delete(`/hr-kiosks/${id}`, kioskDeviceSchema),
  // Kiosk side: no session, the device credential goes in the body; a refused device is a 401,
  // never the 460 that would end a session.
  state: (deviceToken: string, signal?: AbortSignal) =>
    api.post('/hr-kiosk/state', { device_token: deviceToken }, kioskStateSchema, {
      signal,
      endSessionOnExpiry: false,
    }),
  identify: (body: KioskIdentifyRequest) =>
    api.post('/hr-kiosk/identify', body, kioskPersonSchema, { endSessionOnExpiry: false }),
  punch: (body: KioskPunchRequest) =>
    api.post('/hr-kiosk/punch', body, kioskPunchResultSchema, { endSessionOnExpiry: false }),
};

export const kioskQueryKeys = {
  devices: ['hr', 'kiosks'] as const,
  state: ['hr', 'kiosk-state'] as const,
};
