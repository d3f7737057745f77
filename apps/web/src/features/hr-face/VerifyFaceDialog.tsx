import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import {
  FACE_CONSENT_TEXT,
  FACE_PREVIEW_HEIGHT,
  FACE_PREVIEW_WIDTH,
  type FacePayload,
} from '@portal/contract/hr-face';
import { useState } from 'react';
import {
  CameraDialog,
  CameraPreview,
  CameraSelect,
  useCamera,
  type CameraMessages,
} from '../../platform/camera.tsx';

export interface VerifyFaceDialogProps {
  open: boolean;
  /** shown in red under the preview (SPEC.md section 8: "Face dialog shows a supplied error in red") */
  error?: string | null;
  /** shown above the preview, e.g. why a photo is asked for */
  info?: string | null;
  /** ask for consent to enrol (the person has no enrolled face): Confirm needs the box ticked */
  askConsent?: boolean;
  busy?: boolean;
  title?: string;
  onClose: () => void;
  /** The face payload of SPEC.md section 3 (and whether consent was given, when asked). */
  onConfirm: (face: FacePayload, consent: boolean) => void;
}

/** Base64 JPEG without the data: prefix, of the video frame as the preview shows it. */
function captureFrame(video: HTMLVideoElement): string | null {
  const width = video.videoWidth;
  const height = video.videoHeight;
  // HAVE_CURRENT_DATA: a frame is decoded (a fresh stream may report its size before that).
  if (!width || !height || video.readyState < 2) return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', 0.92).replace(/^data:image\/jpeg;base64,/, '');
}

/**
 * The Verify Face modal (SPEC.md section 2): webcam preview, a selector of the video inputs with
 * the first preselected, Capture, Clear once captured, Confirm disabled until a photo is captured,
 * a close icon and a red error line. Reusable: the web clock and the store kiosk both use it; the
 * caller decides what Confirm does with the face payload.
 */
export function VerifyFaceDialog({ title = 'Verify Face', ...props }: VerifyFaceDialogProps) {
  // The body mounts with the open modal, so each opening starts with no photo and no consent.
  return (
    <CameraDialog open={props.open} onClose={props.onClose} title={title} maxWidth="xs">
      <VerifyFaceBody {...props} />
    </CameraDialog>
  );
}

const CAMERA_MESSAGES: CameraMessages = {
  unsupported: 'This browser cannot use a camera here',
  denied: 'Camera permission was denied',
  missing: 'No camera could be started',
  busy: 'No camera could be started',
  failed: 'No camera could be started',
};

function VerifyFaceBody({
  error,
  info,
  askConsent = false,
  busy = false,
  onConfirm,
}: Omit<VerifyFaceDialogProps, 'open' | 'onClose' | 'title'>) {
  const [photo, setPhoto] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  // The camera runs while no photo is held; the first camera is preselected.
  const camera = useCamera({
    messages: CAMERA_MESSAGES,
    video: true,
    active: !photo,
    chooseFirst: true,
  });
  const { videoRef, devices, error: cameraError, setError: setCameraError } = camera;

  const capture = () => {
    const video = videoRef.current;
    const shot = video ? captureFrame(video) : null;
    if (shot) setPhoto(shot);
    else setCameraError('The camera has no picture yet; try again');
  };
  const confirm = () => {
    if (!photo) return;
    onConfirm({ faceImage: photo, extension: 'jpeg', has_unique_face: false }, consent);
  };
  const shownError = error ?? cameraError;

  return (
    <>
      <DialogContent>
        {info && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {info}
          </Typography>
        )}
        <CameraSelect camera={camera} onChoose={() => setPhoto(null)} sx={{ mb: 1 }} />
        <Box
          sx={{
            width: FACE_PREVIEW_WIDTH,
            height: FACE_PREVIEW_HEIGHT,
            maxWidth: '100%',
            mx: 'auto',
            bgcolor: 'grey.900',
            borderRadius: 1,
            overflow: 'hidden',
          }}
        >
          {photo ? (
            <img
              src={`data:image/jpeg;base64,${photo}`}
              alt="Captured face"
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <CameraPreview videoRef={videoRef} label="Webcam preview" fit="cover" />
          )}
        </Box>
        {askConsent && (
          <FormControlLabel
            sx={{ mt: 1, alignItems: 'flex-start' }}
            control={
              <Checkbox
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
                sx={{ pt: 0 }}
              />
            }
            label={<Typography variant="caption">{FACE_CONSENT_TEXT}</Typography>}
          />
        )}
        {shownError && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {shownError}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {photo ? (
          <Button onClick={() => setPhoto(null)} disabled={busy}>
            Clear
          </Button>
        ) : (
          <Button onClick={capture} disabled={busy || Boolean(cameraError && !devices.length)}>
            Capture
          </Button>
        )}
        <Button
          variant="contained"
          onClick={confirm}
          disabled={!photo || busy || (askConsent && !consent)}
        >
          Confirm
        </Button>
      </DialogActions>
    </>
  );
}
