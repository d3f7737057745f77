import { and, count, eq } from 'drizzle-orm';
import {
  categories as categoryResource,
  products as productResource,
} from '@portal/contract/resources/catalog';
import { brands as brandResource } from '@portal/contract/resources/places';
import { AppError } from '../../platform/errors.ts';
import { tenantResource } from '../../platform/module.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { brands, categories, products } from './schema.ts';
import { productExtraFields } from './device-fields.ts';

export const categoryService = tenantResource(categoryResource, categories);

/**
 * Products: the values of their category's device type fields (/device-type-fields) are checked on
 * every write that sends them or changes the category (400 naming `extra_fields.<key>`).
 */
export const productService = createResourceService({
  definition: productResource,
  table: products,
  tenantColumn: 'company_id',
  hooks: {
    beforeCreate: async (input, ctx, tx) => ({
      ...input,
      extra_fields: (await productExtraFields(tx, ctx, input)) ?? {},
    }),
    beforeUpdate: async (input, existing, ctx, tx) => {
      const extra = await productExtraFields(tx, ctx, input, existing);
      return extra === undefined ? { ...input } : { ...input, extra_fields: extra };
    },
  },
});

/** "Nokia is the brand of 3 products; give them another brand first" (the 409 of a delete). */
export const brandInUse = (name: string, products: number) =>
  `${name} is the brand of ${products} product${products === 1 ? '' : 's'}; give ${
    products === 1 ? 'it' : 'them'
  } another brand first`;

/**
 * The inventory app's brands (/inventory-brands; screens in the places feature). A brand that
 * products name (active or not) is kept: its delete is a 409 saying how many, so no product
 * loses its brand without the user choosing.
 */
export const brandService = createResourceService({
  definition: brandResource,
  table: brands,
  tenantColumn: 'company_id',
  hooks: {
    beforeRemove: async (existing, ctx, tx) => {
      const [used] = await tx
        .select({ n: count() })
        .from(products)
        .where(and(tenantScope(products, ctx.companyId), eq(products.brand_id, existing.id)));
      const n = Number(used?.n ?? 0);
      if (n > 0) throw AppError.conflict(brandInUse(String(existing.name), n));
    },
  },
});
