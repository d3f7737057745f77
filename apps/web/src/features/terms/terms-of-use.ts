/** The terms-of-use figures of SPEC.md section 9. */
export const termsOfUse = {
  lastUpdated: 'April 15, 2019',
  cancellationNoticeDays: 60,
  feeChangeNoticeDays: 10,
  paymentDueDays: 7,
  lateChargePercentPerMonth: 6,
  suspensionAfterUnpaidDays: 30,
  deletionAfterSuspensionDays: 30,
  disputeWindowDays: 15,
} as const;
