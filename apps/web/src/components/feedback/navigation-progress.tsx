import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './navigation-progress.css';

// Spec section 9: minimum 0.1, speed 300 ms, trickle 200 ms.
NProgress.configure({ minimum: 0.1, speed: 300, trickleSpeed: 200, showSpinner: false });

/** The top progress bar shown while a route's code or data loads (spec section 2). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (busy) NProgress.start();
    else NProgress.done();
  }, [busy]);
  useEffect(() => () => void NProgress.remove(), []);
  return null;
}
