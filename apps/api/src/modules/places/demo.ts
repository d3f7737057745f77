import type { Tx } from '../../platform/database.ts';
import { customerWarehouses } from './schema.ts';

/** The main demo company's two customers' warehouses (its brands are the catalogue's demo). */
export async function seedPlacesDemo(tx: Tx, companyId: number) {
  await tx
    .insert(customerWarehouses)
    .values([
      {
        company_id: companyId,
        name: 'Lakeside Clinic Stockroom',
        customer_name: 'Lakeside Clinic',
        contact_name: 'Dana Brooks',
        email: 'dana@lakeside.example',
        phone: '+1 555 0142',
        address: '400 Lake Shore Dr, Chicago, IL',
      },
      {
        company_id: companyId,
        name: 'Metro Schools Depot',
        customer_name: 'Metro Schools',
        contact_name: 'Ray Ortiz',
        email: 'ray@metroschools.example',
        phone: '+1 555 0188',
        address: '12 Depot Rd, Austin, TX',
      },
    ])
    .onConflictDoNothing();
}
