import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Timed redirects of the guest screens (spec section 9: 8 s after the OTP mail, 5 s after a reset). */
export function useRedirectAfter(ms: number, to: string | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!to) return;
    const id = setTimeout(() => void navigate(to, { replace: true }), ms);
    return () => clearTimeout(id);
  }, [ms, to, navigate]);
}
