import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FACE_CONSENT_TEXT,
  FACE_PREVIEW_HEIGHT,
  FACE_PREVIEW_WIDTH,
  type FacePayload,
} from '@portal/contract/hr-face';
import { useEffect, useId, useRef, useState } from 'react';

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
export function VerifyFaceDialog(props: VerifyFaceDialogProps) {
  const titleId = useId();
  // The body mounts with the open modal, so each opening starts with no photo and no consent.
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      {props.open && <VerifyFaceBody {...props} titleId={titleId} />}
    </Dialog>
  );
}

const canUseCamera = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

function VerifyFaceBody({
  open,
  error,
  info,
  askConsent = false,
  busy = false,
  title = 'Verify Face',
  onClose,
  onConfirm,
  titleId,
}: VerifyFaceDialogProps & { titleId: string }) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(() =>
    canUseCamera() ? null : 'This browser cannot use a camera here',
  );
  const [consent, setConsent] = useState(false);

  // The camera runs while the modal is open and no photo is held.
  useEffect(() => {
    if (!open || photo || !canUseCamera()) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: deviceId ? { deviceId: { exact: deviceId } } : true, audio: false })
      .then(async (got) => {
        if (cancelled) {
          got.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = got;
        setCameraError(null);
        if (videoRef.current) {
          videoRef.current.srcObject = got;
          await videoRef.current.play().catch(() => undefined);
        }
        // Labels are readable once permission is given.
        const inputs = (await navigator.mediaDevices.enumerateDevices()).filter(
          (device) => device.kind === 'videoinput',
        );
        if (cancelled) return;
        setDevices(inputs);
        if (!deviceId && inputs[0]?.deviceId) setDeviceId(inputs[0].deviceId);
      })
      .catch((reason: unknown) => {
        if (!cancelled)
          setCameraError(
            reason instanceof Error && reason.name === 'NotAllowedError'
              ? 'Camera permission was denied'
              : 'No camera could be started',
          );
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open, photo, deviceId]);

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
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title}
        <IconButton
          aria-label="close"
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {info && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {info}
          </Typography>
        )}
        <TextField
          select
          fullWidth
          size="small"
          label="Camera"
          value={devices.some((d) => d.deviceId === deviceId) ? deviceId : ''}
          onChange={(event) => {
            setPhoto(null);
            setDeviceId(event.target.value);
          }}
          sx={{ mb: 1 }}
          disabled={devices.length === 0}
        >
          {devices.map((device, index) => (
            <MenuItem key={device.deviceId || index} value={device.deviceId}>
              {device.label || `Camera ${index + 1}`}
            </MenuItem>
          ))}
        </TextField>
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
            <video
              ref={videoRef}
              aria-label="Webcam preview"
              muted
              playsInline
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
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
