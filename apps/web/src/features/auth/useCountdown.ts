/** A seconds countdown (spec §4: the code button turns into a 60 s countdown after sending). */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(Math.max(0, Math.floor(seconds))), []);
  return [left, start];
}
