import { useCallback, useState } from 'react';
import { App as AntApp } from 'antd';
import { errorMessage, isApiError } from '../../api/errors.ts';

/** Shows an API failure once (the request layer already reacted to the codes it handles). */
export function useApiError(): (e: unknown) => void {
  const { message } = AntApp.useApp();
  // Stable while the app's message API is: a list's loader that shows errors keeps its identity.
  return useCallback(
    (e: unknown) => {
      if (isApiError(e) && e.handled) return;
      void message.error(errorMessage(e));
    },
    [message],
  );
}

/**
 * A call the member started (a button): busy while it runs; a failure shows the server's message once
 * (spec §8: transfer failure shows the server message; 6100 and the withdrawal limits likewise).
 */
export function useAction(): [boolean, (fn: () => Promise<void>) => Promise<void>] {
  const onError = useApiError();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (fn: () => Promise<void>) => {
      setBusy(true);
      try {
        await fn();
      } catch (e) {
        onError(e);
      } finally {
        setBusy(false);
      }
    },
    [onError],
  );
  return [busy, run];
}
