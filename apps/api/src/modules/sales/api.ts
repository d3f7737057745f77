// The sales module's public functions for other modules (see docs/ARCHITECTURE.md, "Boundaries").
// What earns commissions and the activations a carrier statement is matched against.
export {
  carrierActivationsBetween,
  commissionReturnsBetween,
  commissionSourceLabelsOf,
  commissionSourcesBetween,
  type CommissionSource,
  type MatchableActivation,
} from './commission-sources.ts';
export { assertMaySell } from './settings.ts';
// What must be sold with what (a plan needs a device): B2B invoices are checked like a sale.
export { assertCompanions, saleItemsOf } from './dependencies.ts';
// A sale's line checks: B2B invoice lines are checked and their units sold the same way.
export { productsOfLines, quantitiesOfLines, unitsOfLines } from './product-lines.ts';
export { unitsSoldAt } from './units-sold.ts';
