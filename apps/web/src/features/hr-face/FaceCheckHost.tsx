import { answerFaceCheck, useFaceCheck } from './face-check.ts';
import { VerifyFaceDialog } from './VerifyFaceDialog.tsx';

/** The Verify Face modal bound to the held clock action (mounted once, by the time clock). */
export function FaceCheckHost() {
  const { open, error, info, askConsent, busy } = useFaceCheck();
  return (
    <VerifyFaceDialog
      open={open}
      error={error}
      info={info}
      askConsent={askConsent}
      busy={busy}
      onClose={() => answerFaceCheck(null)}
      onConfirm={(face, consent) => answerFaceCheck({ face, consent })}
    />
  );
}
