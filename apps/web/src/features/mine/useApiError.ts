import { App as AntApp } from 'antd';
import { errorMessage, isApiError } from '../../api/errors.ts';

/** Shows an API failure once (the request layer already reacted to the codes it handles). */
export function useApiError(): (e: unknown) => void {
  const { message } = AntApp.useApp();
  return (e: unknown) => {
    if (isApiError(e) && e.handled) return;
    void message.error(errorMessage(e));
  };
}
