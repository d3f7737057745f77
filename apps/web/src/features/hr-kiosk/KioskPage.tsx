import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { clockStatus, formatInZone, hrMessages } from '@portal/contract/hr';
import {
  KIOSK_IDLE_LOCK_MS,
  KIOSK_RESULT_MS,
  kioskMessages,
  type KioskAction,
  type KioskPerson,
  type KioskState,
} from '@portal/contract/hr-kiosk';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError, FALLBACK_ERROR_MESSAGE } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { FaceCheckHost } from '../hr-face/FaceCheckHost.tsx';
import { answerFaceCheck, FaceCheckCancelled, withFaceCheck } from '../hr-face/face-check.ts';
import { currentLocation } from '../../platform/geolocation.ts';
import { useFirstPress } from '../../platform/useFirstPress.ts';
import { kioskApi, kioskQueryKeys } from './kiosk-api.ts';
import { forgetDeviceToken, readDeviceToken } from './kiosk-device.ts';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : hrMessages.clockFallback;
/** A refused device (revoked, or its store or company closed): a 401 from any kiosk call. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Calls `onIdle` after `ms` without a touch, a click or a key while `active`. */
function useIdle(active: boolean, ms: number, onIdle: () => void) {
  useEffect(() => {
    if (!active) return;
    let timer = window.setTimeout(onIdle, ms);
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(onIdle, ms);
    };
    const events = ['pointerdown', 'keydown', 'input'] as const;
    for (const name of events) window.addEventListener(name, reset, true);
    return () => {
      window.clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, reset, true);
    };
  }, [active, ms, onIdle]);
}

/** The store's clock, ticking from the server's time, not the tablet's. */
function StoreClock({ state }: { state: KioskState }) {
  const [offset] = useState(() => Date.parse(state.now) - Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const local = formatInZone(new Date(now + offset), state.store.time_zone);
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography variant="h2" component="p" aria-label="Store time">
        {local.slice(11, 16)}
      </Typography>
      <Typography color="text.secondary">
        {local.slice(0, 10)} · {state.store.time_zone}
      </Typography>
    </Box>
  );
}

function NotEnrolled({ message }: { message: string }) {
  return (
    <Card sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Kiosk
          </Typography>
          <Alert severity="warning">{message}</Alert>
          <Box>
            <Button href="/login" variant="outlined">
              Sign in
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

interface Result {
  message: string;
  name: string;
  warning: string | null;
}

function IdentifyStep({
  state,
  deviceToken,
  result,
  onIdentified,
  onRefused,
}: {
  state: KioskState;
  deviceToken: string;
  result: Result | null;
  onIdentified: (person: KioskPerson, pin: string) => void;
  onRefused: (message: string) => void;
}) {
  const [picked, setPicked] = useState<KioskState['staff'][number] | null>(null);
  const [email, setEmail] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clear = useCallback(() => {
    setPicked(null);
    setEmail('');
    setPin('');
    setError(null);
  }, []);
  useIdle(Boolean(picked || email || pin), KIOSK_IDLE_LOCK_MS, clear);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!picked && !email.trim()) return setError(kioskMessages.identifyFirst);
    if (!pin.trim()) return setError('Enter your PIN');
    setBusy(true);
    try {
      const reply = await kioskApi.identify({
        device_token: deviceToken,
        ...(picked ? { user_id: picked.id } : { email: email.trim() }),
        mobile_pin: pin,
      });
      onIdentified(reply.data, pin.trim());
    } catch (caught) {
      if (
        isRefusal(caught) &&
        caught instanceof ApiError &&
        caught.message === kioskMessages.deviceRefused
      )
        return onRefused(caught.message);
      setError(messageOf(caught));
      setPin('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Who is clocking">
      {result && (
        <Alert severity={result.warning ? 'warning' : 'success'} role="status">
          {result.message}. Thank you, {result.name}.{result.warning ? ` ${result.warning}` : ''}
        </Alert>
      )}
      <Autocomplete
        options={state.staff}
        value={picked}
        onChange={(_event, value) => {
          setPicked(value);
          if (value) setEmail('');
        }}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        renderInput={(params) => <TextField {...params} label="Your name" />}
      />
      <TextField
        label="Or your email"
        type="email"
        value={email}
        disabled={Boolean(picked)}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="off"
      />
      <TextField
        label="PIN"
        type="password"
        value={pin}
        onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" loading={busy}>
        Continue
      </Button>
    </Stack>
  );
}

function PersonStep({
  state,
  deviceToken,
  person,
  pin,
  onDone,
  onLock,
  onRefused,
}: {
  state: KioskState;
  deviceToken: string;
  person: KioskPerson;
  pin: string;
  onDone: (result: Result) => void;
  onLock: () => void;
  onRefused: (message: string) => void;
}) {
  const { session } = person;
  const [breakId, setBreakId] = useState<number | null>(
    person.break_settings[0]?.settings_store_id ?? null,
  );
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Idle even with the face modal open: the held punch is dropped and the kiosk locks.
  const idle = useCallback(() => {
    answerFaceCheck(null);
    onLock();
  }, [onLock]);
  useIdle(true, KIOSK_IDLE_LOCK_MS, idle);

  const act = useFirstPress((action: KioskAction) => {
    void (async () => {
      setBusy(true);
      setError(null);
      try {
        const location =
          action === 'clock_in' || action === 'clock_out' ? await currentLocation() : {};
        // The store's face check: on faceAuthPending the Verify Face modal opens and the punch
        // goes again with the photo. Faces are enrolled signed in, never at the kiosk.
        const reply = await withFaceCheck((face) =>
          kioskApi.punch({
            device_token: deviceToken,
            user_id: person.id,
            mobile_pin: pin,
            action,
            timecard_id: session.timecard_id,
            timecard_break_id: session.timecard_break_id,
            settings_store_id: action === 'start_break' ? breakId : null,
            user_comment: notes.trim() || null,
            ...location,
            ...face,
          }),
        );
        notify.success(reply.message);
        onDone({ message: reply.message, name: person.first_name, warning: reply.data.warning });
      } catch (caught) {
        if (caught instanceof FaceCheckCancelled) return;
        if (caught instanceof ApiError && caught.message === kioskMessages.deviceRefused)
          return onRefused(caught.message);
        setError(caught instanceof ApiError ? caught.message : FALLBACK_ERROR_MESSAGE);
      } finally {
        setBusy(false);
      }
    })();
  });

  const active = session.activeSession;
  const elsewhere = active && active.store.id !== state.store.id;
  const openBreak = active?.breaks.find((b) => b.id === session.timecard_break_id);
  const since = (iso: string) => formatInZone(iso, state.store.time_zone).slice(11, 16);
  const status =
    session.status === clockStatus.notClockedIn
      ? 'You are not clocked in.'
      : openBreak
        ? `On ${openBreak.short_description} since ${since(openBreak.break_start)}.`
        : `Clocked in at ${active?.store.name ?? state.store.name} since ${since(active?.clock_in ?? '')}.`;

  return (
    <Stack spacing={2} aria-labelledby="kiosk-person">
      <Typography id="kiosk-person" variant="h4" component="h2">
        Hi, {person.first_name}
      </Typography>
      <Typography>{status}</Typography>
      {elsewhere && (
        <Alert severity="info">
          {hrMessages.alreadyClockedInElsewhere(active.store.name)} You can clock out here.
        </Alert>
      )}
      <TextField
        label="Notes"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        multiline
        minRows={2}
      />
      {session.status === clockStatus.clockedIn &&
        !elsewhere &&
        person.break_settings.length > 0 && (
          <RadioGroup
            aria-label="Break"
            value={breakId ?? ''}
            onChange={(event) => setBreakId(Number(event.target.value))}
          >
            {person.break_settings.map((setting) => (
              <FormControlLabel
                key={setting.settings_store_id}
                value={setting.settings_store_id}
                control={<Radio />}
                label={`${setting.short_description} · ${setting.duration} min · ${setting.is_paid ? 'paid' : 'unpaid'}${setting.is_mandatory ? ' · mandatory' : ''}`}
              />
            ))}
          </RadioGroup>
        )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
        {session.status === clockStatus.notClockedIn && (
          <Button variant="contained" size="large" disabled={busy} onClick={() => act('clock_in')}>
            Clock In
          </Button>
        )}
        {session.status === clockStatus.clockedIn && !elsewhere && (
          <Button
            variant="contained"
            size="large"
            disabled={busy || breakId === null}
            onClick={() => act('start_break')}
          >
            Start Break
          </Button>
        )}
        {session.status === clockStatus.onBreak && (
          <Button variant="contained" size="large" disabled={busy} onClick={() => act('end_break')}>
            End Break
          </Button>
        )}
        {session.status !== clockStatus.notClockedIn && (
          <Button
            variant="contained"
            color="secondary"
            size="large"
            disabled={busy}
            onClick={() => act('clock_out')}
          >
            Clock Out
          </Button>
        )}
        <Button variant="outlined" size="large" onClick={onLock}>
          Not you? Lock
        </Button>
      </Stack>
      <FaceCheckHost />
    </Stack>
  );
}

type Step = { kind: 'identify' } | { kind: 'person'; person: KioskPerson; pin: string };

/**
 * /kiosk: the store's shared tablet, outside the signed-in frame. Staff pick their name (or type
 * their email) and their mobile PIN, then clock in, take a break or clock out; the kiosk locks
 * after every punch and after a short idle time. A revoked device stops at once.
 */
export function KioskPage() {
  const [deviceToken] = useState(readDeviceToken);
  const [refused, setRefused] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'identify' });
  const [result, setResult] = useState<Result | null>(null);
  const state = useQuery({
    queryKey: kioskQueryKeys.state,
    queryFn: async ({ signal }) => {
      try {
        return (await kioskApi.state(deviceToken ?? '', signal)).data;
      } catch (error) {
        if (isRefusal(error)) forgetDeviceToken();
        throw error;
      }
    },
    enabled: Boolean(deviceToken) && !refused,
    refetchInterval: 60_000,
    retry: (count, error) => !isRefusal(error) && count < 2,
  });
  const refuse = useCallback((message: string) => {
    forgetDeviceToken();
    setRefused(message);
  }, []);
  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), KIOSK_RESULT_MS);
    return () => window.clearTimeout(timer);
  }, [result]);
  const lock = useCallback(() => setStep({ kind: 'identify' }), []);

  const refusal = refused ?? (isRefusal(state.error) ? (state.error?.message ?? null) : null);
  let body;
  if (!deviceToken || refusal) {
    body = <NotEnrolled message={refusal ?? kioskMessages.notEnrolled} />;
  } else if (!state.data) {
    body = state.isError ? (
      <Alert severity="error">{messageOf(state.error)}</Alert>
    ) : (
      <Typography>Loading...</Typography>
    );
  } else {
    const data = state.data;
    body = (
      <Card sx={{ maxWidth: 560, mx: 'auto' }}>
        <CardContent>
          <Stack spacing={3}>
            <Box sx={{ textAlign: 'center' }}>
              <Typography variant="h5" component="h1">
                {data.store.name}
              </Typography>
              <Typography color="text.secondary">{data.device_name}</Typography>
            </Box>
            <StoreClock state={data} />
            {step.kind === 'identify' ? (
              <IdentifyStep
                state={data}
                deviceToken={deviceToken}
                result={result}
                onIdentified={(person, pin) => {
                  setResult(null);
                  setStep({ kind: 'person', person, pin });
                }}
                onRefused={refuse}
              />
            ) : (
              <PersonStep
                state={data}
                deviceToken={deviceToken}
                person={step.person}
                pin={step.pin}
                onDone={(done) => {
                  setResult(done);
                  lock();
                }}
                onLock={lock}
                onRefused={refuse}
              />
            )}
          </Stack>
        </CardContent>
      </Card>
    );
  }
  return (
    <Box sx={{ minHeight: '100vh', p: { xs: 2, sm: 4 }, bgcolor: 'background.default' }}>
      {body}
    </Box>
  );
}
