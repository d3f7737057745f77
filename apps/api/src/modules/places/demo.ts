import type { Tx } from '../../platform/database.ts';
import { brands, customerWarehouses } from './schema.ts';

const demoBrands: [name: string, website: string][] = [
  ['Apple', 'https://www.apple.com'],
  ['Samsung', 'https://www.samsung.com'],
  ['Motorola', 'https://www.motorola.com'],
  ['Belkin', 'https://www.belkin.com'],
  ['Anker', 'https://www.anker.com'],
];

/** The main demo company's brands and two customers' warehouses. */
export async function seedPlacesDemo(tx: Tx, companyId: number) {
  await tx
    .insert(brands)
    .values(demoBrands.map(([name, website]) => ({ company_id: companyId, name, website })))
    .onConflictDoNothing();
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
