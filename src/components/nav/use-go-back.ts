// Back that never leaves the app: history back when there is an in-app entry, else a fallback route.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

function hasInAppHistory(): boolean {
  // react-router keeps the entry index in history.state.idx; 0 means this page opened the app.
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasInAppHistory()) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
