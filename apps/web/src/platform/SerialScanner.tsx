import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { FrameDecoder } from './barcode-decoder.ts';
import {
  CameraDialog,
  CameraPreview,
  CameraSelect,
  useCamera,
  type CameraMessages,
} from './camera.tsx';

export interface SerialScannerProps {
  serials: string[];
  onChange: (serials: string[]) => void;
  /** the text field's label (also names the camera button when `compact`) */
  label: string;
  /** the accessible name of the list of chips; the label by default */
  listLabel?: string;
  helperText?: string;
  autoFocus?: boolean;
  /** a small field and an icon-only camera button, for table cells */
  compact?: boolean;
  /** a posted document's serials: shown, not changed */
  readOnly?: boolean;
}

/**
 * The one serial entry of the app (fulfilment, receiving against the manifest, purchase receipts):
 * a field that takes serials one at a time, typed or from a hardware scanner (which types the
 * code and presses Enter), and "Scan with camera", a dialog that decodes barcodes from the camera.
 * Each serial is added once; the chips below list them and remove one with their delete icon.
 */
export function SerialScanner(props: SerialScannerProps) {
  const [text, setText] = useState('');
  const [cameraOpen, setCameraOpen] = useState(false);
  // The camera adds serials from a loop started when the dialog opened: it reads the latest list.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const add = (serial: string): boolean => {
    const { serials, onChange } = latest.current;
    const value = serial.trim();
    if (!value || serials.includes(value)) return false;
    const next = [...serials, value];
    // The next add (a fast scanner, the camera) sees this one before the parent re-renders.
    latest.current = { ...latest.current, serials: next };
    onChange(next);
    return true;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add(text);
    setText('');
  };
  const size = props.compact ? 'small' : 'medium';
  return (
    <Stack spacing={props.compact ? 0.5 : 1}>
      {!props.readOnly && (
        <Stack direction="row" spacing={1} alignItems="flex-start">
          <TextField
            label={props.label}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            autoFocus={props.autoFocus}
            autoComplete="off"
            size="small"
            helperText={props.helperText ?? 'Type or scan a serial and press Enter'}
            sx={{ flex: 1, minWidth: 0, maxWidth: props.compact ? undefined : 420 }}
          />
          {props.compact ? (
            <Tooltip title="Scan with camera">
              <IconButton
                aria-label={`Scan ${props.label} with camera`}
                onClick={() => setCameraOpen(true)}
              >
                <QrCodeScannerIcon />
              </IconButton>
            </Tooltip>
          ) : (
            <Button
              variant="outlined"
              startIcon={<QrCodeScannerIcon />}
              onClick={() => setCameraOpen(true)}
              sx={{ flexShrink: 0, mt: 0.25 }}
            >
              Scan with camera
            </Button>
          )}
        </Stack>
      )}
      <Stack
        direction="row"
        flexWrap="wrap"
        gap={props.compact ? 0.5 : 1}
        aria-label={props.listLabel ?? props.label}
      >
        {props.serials.map((serial) => (
          <Chip
            key={serial}
            size={size}
            label={serial}
            onDelete={
              props.readOnly
                ? undefined
                : () => props.onChange(props.serials.filter((s) => s !== serial))
            }
          />
        ))}
      </Stack>
      {!props.readOnly && (
        <CameraScanDialog
          open={cameraOpen}
          onClose={() => setCameraOpen(false)}
          onDetected={(serial) => (add(serial) ? 'added' : 'repeat')}
        />
      )}
    </Stack>
  );
}

export interface CameraScanDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * A decoded code, once per code while the dialog is open. Answers whether it was taken
   * ('added') or was already there ('repeat'); 'done' closes the dialog (a one-serial look-up).
   */
  onDetected: (code: string) => 'added' | 'repeat' | 'done';
  title?: string;
}

/**
 * "Scan with camera": the camera's picture (a chooser when there are several cameras) and a
 * decoder reading it several times a second. Each new code is reported once, with a short beep
 * and a line saying what was added; the dialog stays open for the next unit. The decoder (ZXing)
 * is loaded when the dialog opens. No camera, or permission refused: a message, and the serial
 * field behind the dialog still takes typed serials.
 */
export function CameraScanDialog({ title = 'Scan with camera', ...props }: CameraScanDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <CameraDialog
      open={props.open}
      onClose={props.onClose}
      title={title}
      maxWidth="sm"
      fullScreen={phone}
    >
      <CameraScanBody {...props} />
    </CameraDialog>
  );
}

const TYPE_INSTEAD = 'You can still type the serial, or use a barcode scanner.';

const CAMERA_MESSAGES: CameraMessages = {
  unsupported: `This browser cannot use a camera here. ${TYPE_INSTEAD}`,
  denied: `Camera permission was denied. ${TYPE_INSTEAD}`,
  missing: `No camera was found. ${TYPE_INSTEAD}`,
  busy: `The camera is in use by another application. ${TYPE_INSTEAD}`,
  failed: `The camera could not be started. ${TYPE_INSTEAD}`,
};

/** A short confirmation beep; silent where the browser has no audio. */
function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 1200;
    gain.gain.value = 0.1;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.08);
    tone.onended = () => void audio.close();
  } catch {
    // no audio output: the visual confirmation is enough
  }
}

/** How often a frame is decoded (a decode takes some tens of milliseconds). */
const DECODE_EVERY_MS = 200;

function CameraScanBody({
  onClose,
  onDetected,
}: Pick<CameraScanDialogProps, 'onClose' | 'onDetected'>) {
  // The camera facing away from the user (a phone's back camera) unless one is chosen.
  const camera = useCamera({
    messages: CAMERA_MESSAGES,
    video: { facingMode: { ideal: 'environment' } },
  });
  const { videoRef, streaming } = camera;
  const [decoder, setDecoder] = useState<FrameDecoder | null>(null);
  const [decoderError, setDecoderError] = useState<string | null>(null);
  const [last, setLast] = useState<{ code: string; outcome: 'added' | 'repeat' } | null>(null);
  const [added, setAdded] = useState(0);
  const report = useRef(onDetected);
  useEffect(() => {
    report.current = onDetected;
  });

  // The decoder's chunk, loaded once the dialog is open.
  useEffect(() => {
    let cancelled = false;
    import('./barcode-decoder.ts')
      .then((module) => {
        if (!cancelled) setDecoder(() => module.createFrameDecoder());
      })
      .catch(() => {
        if (!cancelled) setDecoderError(`The barcode reader could not be loaded. ${TYPE_INSTEAD}`);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // The decoding loop: each code once per opening of the dialog.
  useEffect(() => {
    if (!decoder || !streaming) return;
    const seen = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = () => {
      if (stopped) return;
      const video = videoRef.current;
      const code = video ? decoder(video) : null;
      if (code && !seen.has(code)) {
        seen.add(code);
        const outcome = report.current(code);
        if (outcome === 'done') return;
        if (outcome === 'added') {
          beep();
          setAdded((count) => count + 1);
        }
        setLast({ code, outcome });
      }
      timer = setTimeout(tick, DECODE_EVERY_MS);
    };
    tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [decoder, streaming, videoRef]);

  const problem = camera.error ?? decoderError;
  return (
    <>
      <DialogContent>
        <Stack spacing={1.5}>
          {camera.devices.length > 1 && <CameraSelect camera={camera} />}
          {problem ? (
            <Alert severity="warning" role="alert">
              {problem}
            </Alert>
          ) : (
            <Box
              sx={{
                position: 'relative',
                width: '100%',
                aspectRatio: '4 / 3',
                bgcolor: 'grey.900',
                borderRadius: 1,
                overflow: 'hidden',
              }}
            >
              <CameraPreview videoRef={videoRef} label="Camera preview" fit="contain" />
              {(!streaming || !decoder) && (
                <Typography
                  variant="body2"
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    display: 'grid',
                    placeItems: 'center',
                    color: 'grey.100',
                  }}
                >
                  {streaming ? 'Loading the barcode reader…' : 'Starting the camera…'}
                </Typography>
              )}
            </Box>
          )}
          <Box aria-live="polite" role="status" sx={{ minHeight: 32 }}>
            {last ? (
              <Alert
                role="none"
                severity={last.outcome === 'added' ? 'success' : 'info'}
                sx={{ py: 0 }}
              >
                {last.outcome === 'added' ? `Added ${last.code}` : `Already added: ${last.code}`}
              </Alert>
            ) : (
              !problem && (
                <Typography variant="body2" color="text.secondary">
                  Hold a barcode or QR code in front of the camera.
                </Typography>
              )
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Typography variant="body2" sx={{ mr: 'auto', pl: 1 }}>
          {added} added
        </Typography>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
