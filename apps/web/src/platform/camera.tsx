import CloseIcon from '@mui/icons-material/Close';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * The camera of the app's camera dialogs (Scan with camera, Verify Face): one way to start it, list
 * the cameras, choose one, say why it cannot start, and stop it when the dialog closes.
 */

export const canUseCamera = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** What a dialog says when its camera cannot run, by cause. */
export interface CameraMessages {
  /** the browser has no camera here (no mediaDevices: an old browser, a page not on https) */
  unsupported: string;
  /** NotAllowedError, SecurityError: permission refused */
  denied: string;
  /** NotFoundError, OverconstrainedError: no (such) camera */
  missing: string;
  /** NotReadableError: another application holds the camera */
  busy: string;
  /** anything else */
  failed: string;
}

function cameraProblem(reason: unknown, messages: CameraMessages): string {
  const name = reason instanceof Error || reason instanceof DOMException ? reason.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return messages.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return messages.missing;
  if (name === 'NotReadableError') return messages.busy;
  return messages.failed;
}

export interface CameraOptions {
  messages: CameraMessages;
  /** the video constraints while no camera is chosen (`true`: whichever the browser picks) */
  video: MediaTrackConstraints | true;
  /** the camera runs while this holds (the face dialog stops it while a photo is held) */
  active?: boolean;
  /**
   * Once the cameras are listed, choose the first rather than show the one the browser picked (the
   * camera restarts on it when it is another).
   */
  chooseFirst?: boolean;
}

export interface Camera {
  /** the preview's ref: the stream plays in it */
  videoRef: RefObject<HTMLVideoElement | null>;
  /** the video inputs, listed once permission is given (their labels are readable then) */
  devices: MediaDeviceInfo[];
  /** the camera shown as chosen: the user's choice, else the one streaming; '' when not listed */
  selected: string;
  choose: (deviceId: string) => void;
  /** the picture plays (false from a new choice until the new camera plays) */
  streaming: boolean;
  /** why the camera cannot be used, or the dialog's own problem with the picture */
  error: string | null;
  setError: (error: string | null) => void;
}

/**
 * Starts the camera (the chosen one, else by `video`) while `active`, plays it in `videoRef` and
 * stops its tracks on a new choice, when inactive and on unmount (the dialog closing).
 */
export function useCamera({
  messages,
  video,
  active = true,
  chooseFirst = false,
}: CameraOptions): Camera {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  /** the camera the user chose; none: the one the browser picked (`current`) */
  const [chosen, setChosen] = useState('');
  const [current, setCurrent] = useState('');
  const [streaming, setStreaming] = useState(false);
  const [error, setError] = useState<string | null>(() =>
    canUseCamera() ? null : messages.unsupported,
  );
  // The options of the first render: a dialog's messages and constraints do not change.
  const options = useRef({ messages, video, chooseFirst });

  useEffect(() => {
    if (!active || !canUseCamera()) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        video: chosen ? { deviceId: { exact: chosen } } : options.current.video,
        audio: false,
      })
      .then(async (got) => {
        if (cancelled) {
          got.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = got;
        setError(null);
        const preview = videoRef.current;
        if (preview) {
          preview.srcObject = got;
          await preview.play().catch(() => undefined);
        }
        if (cancelled) return;
        setStreaming(true);
        // Labels are readable once permission is given.
        const inputs = (await navigator.mediaDevices.enumerateDevices()).filter(
          (device) => device.kind === 'videoinput',
        );
        if (cancelled) return;
        setDevices(inputs);
        const playing = got.getVideoTracks()[0]?.getSettings().deviceId ?? '';
        setCurrent(playing);
        // Only another camera is restarted on: a restart on the same one blanked the playing
        // picture for a moment, and a capture then found no frame.
        const first = inputs[0]?.deviceId;
        if (options.current.chooseFirst && !chosen && first && first !== playing) setChosen(first);
      })
      .catch((reason: unknown) => {
        if (!cancelled) setError(cameraProblem(reason, options.current.messages));
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [active, chosen]);

  const shown = chosen || current;
  return {
    videoRef,
    devices,
    selected: devices.some((device) => device.deviceId === shown) ? shown : '',
    choose: (deviceId) => {
      setStreaming(false);
      setChosen(deviceId);
    },
    streaming: active && streaming,
    error,
    setError,
  };
}

export interface CameraPreviewProps {
  /** the camera's `videoRef` */
  videoRef: Camera['videoRef'];
  /** the accessible name */
  label: string;
  /** how the picture fills its box */
  fit: 'contain' | 'cover';
}

/** The camera's picture, filling its box. */
export function CameraPreview({ videoRef, label, fit }: CameraPreviewProps) {
  // autoPlay as well as useCamera's play(): a play() rejected or interrupted (a new stream set
  // while it was pending) left the picture paused on no frame for good; autoplay resumes it.
  return (
    <video
      ref={videoRef}
      aria-label={label}
      autoPlay
      muted
      playsInline
      style={{ width: '100%', height: '100%', objectFit: fit }}
    />
  );
}

export interface CameraSelectProps {
  camera: Camera;
  /** called with a new choice, after the camera was told */
  onChoose?: (deviceId: string) => void;
  sx?: SxProps<Theme>;
}

/** The "Camera" chooser of the listed video inputs (disabled while none is listed). */
export function CameraSelect({ camera, onChoose, sx }: CameraSelectProps) {
  return (
    <TextField
      select
      fullWidth
      size="small"
      label="Camera"
      value={camera.selected}
      onChange={(event) => {
        camera.choose(event.target.value);
        onChoose?.(event.target.value);
      }}
      sx={sx}
      disabled={camera.devices.length === 0}
    >
      {camera.devices.map((device, index) => (
        <MenuItem key={device.deviceId || index} value={device.deviceId}>
          {device.label || `Camera ${index + 1}`}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface CameraDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  maxWidth: DialogProps['maxWidth'];
  fullScreen?: boolean;
  /** the body (DialogContent, DialogActions): it mounts with each opening, starting the camera afresh */
  children: ReactNode;
}

/** A camera dialog's frame: the title with a close icon, and the body mounted only while open. */
export function CameraDialog({
  open,
  onClose,
  title,
  maxWidth,
  fullScreen,
  children,
}: CameraDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreen}
    >
      {open && (
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
          {children}
        </>
      )}
    </Dialog>
  );
}
