/**
 * The app-wide roots of the other features (auth dialog, dialogs and toasts, terms/privacy modal)
 * loaded right after the first paint instead of in the entry bundle: the home route stays small.
 * Bus events emitted before they mount (a fast click on 登录, the register prompt) are queued and
 * replayed once their listeners exist, so nothing is lost.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { bus, type AppEvents } from '../app/events.ts';

/** Events the roots listen to. */
const ROOT_EVENTS = [
  'switch_auth_way',
  'login',
  'login_expired',
  'forget_password',
  'register',
  'newDevice',
  'closeAuth',
  'password_change_success',
  'show_login_tips',
  'show_dialog_tips',
  'show_loading',
  'dismiss_loading',
  'show_venue_entry',
  'show_legal',
  'bind_real_name',
  'open_customer_service',
  'region_warning',
  'region_blocked',
] as const satisfies readonly (keyof AppEvents)[];

type Queued = { name: (typeof ROOT_EVENTS)[number]; payload: unknown };

/** Queue bounded: a burst before the roots load is a handful of events, never more. */
const MAX_QUEUED = 20;

const queue: Queued[] = [];
let stopQueue: (() => void) | null = null;

/** Starts queueing root events (called at module load: before anything can emit). */
function startQueue(): void {
  if (stopQueue) return;
  const offs = ROOT_EVENTS.map((name) =>
    bus.on(name, (payload: unknown) => {
      if (queue.length < MAX_QUEUED) queue.push({ name, payload });
    }),
  );
  stopQueue = () => offs.forEach((off) => off());
}
startQueue();

function replay(): void {
  stopQueue?.();
  stopQueue = null;
  const pending = queue.splice(0);
  for (const { name, payload } of pending) (bus.emit as (n: string, p?: unknown) => void)(name, payload);
}

const Roots = lazy(async () => {
  const [auth, dialogs, legal, protection] = await Promise.all([
    import('../features/auth/AuthRoot.tsx'),
    import('./DialogRoot.tsx'),
    import('../features/legal/index.ts'),
    import('../features/protection/ProtectionRoot.tsx'),
  ]);
  function AllRoots() {
    return (
      <>
        <auth.AuthRoot />
        <dialogs.DialogRoot />
        <legal.LegalRoot />
        <protection.ProtectionRoot />
        <Replay />
      </>
    );
  }
  return { default: AllRoots };
});

/** Mounted after its siblings: their effects (bus listeners) already ran when this one runs. */
function Replay() {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    replay();
  }, []);
  return null;
}

export function DeferredRoots() {
  return (
    <Suspense fallback={null}>
      <Roots />
    </Suspense>
  );
}
