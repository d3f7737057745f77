import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { BRAND } from '@portal/contract/constants';
import { useId } from 'react';
import { termsOfUse as t } from './terms-of-use.ts';

const sections: { heading: string; text: string }[] = [
  {
    heading: '1. The service',
    text: `${BRAND} is provided to your company under a subscription. These terms apply to every user your company gives access to.`,
  },
  {
    heading: '2. Cancellation',
    text: `Either party may cancel the subscription with ${t.cancellationNoticeDays} days notice in writing.`,
  },
  {
    heading: '3. Fees',
    text: `Fees may change with ${t.feeChangeNoticeDays} days notice. Invoices are payable within ${t.paymentDueDays} days of the invoice date. Overdue amounts carry a ${t.lateChargePercentPerMonth}% monthly charge.`,
  },
  {
    heading: '4. Non-payment',
    text: `An account left unpaid for ${t.suspensionAfterUnpaidDays} days after the due date is suspended. A suspended account and its data are deleted ${t.deletionAfterSuspensionDays} days later.`,
  },
  {
    heading: '5. Disputes',
    text: `To dispute an invoice, tell us within ${t.disputeWindowDays} days of receiving it.`,
  },
  {
    heading: '6. Your data',
    text: 'Your company owns the data it enters. Keep your password to yourself and sign out on shared devices.',
  },
];

/** The terms-of-use agreement (SPEC.md sections 1 and 9), opened from the side menu. */
export function TermsOfUseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} scroll="paper" maxWidth="md">
      <DialogTitle id={titleId}>Terms of Use</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Last updated {t.lastUpdated}
        </Typography>
        {sections.map((section) => (
          <section key={section.heading}>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 600 }}>
              {section.heading}
            </Typography>
            <Typography>{section.text}</Typography>
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
