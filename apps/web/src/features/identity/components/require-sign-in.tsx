import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSignedIn, rememberRequestedPath } from '../session';

/**
 * For the onboarding screens that act on the signed-in account (PINs, the default password): they
 * are exempt from the inactivity timeout, but without a valid token the person must sign in first
 * and comes back here afterwards (spec sections 4 and 5).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [signedIn] = useState(() => isSignedIn());

  useEffect(() => {
    if (signedIn) return;
    const path = location.pathname + location.search;
    rememberRequestedPath(path);
    void navigate(`/?redirect=${encodeURIComponent(path)}`, { replace: true });
  }, [signedIn, location.pathname, location.search, navigate]);

  return signedIn ? children : null;
}
