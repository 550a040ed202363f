import { createBrowserRouter, data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { meQueryOptions } from '../features/accounts/api/get-me';
import { logger } from '../lib/logger';
import { FullPageLoader } from '../components/feedback/full-page-loader';
import { redirectSignedIn, requireSignedIn } from './guards';
import type { AppDeps } from './providers';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * The route table (spec section 2). Guards and OIDC callbacks are loaders, defined here; screens are
 * loaded lazily so the first page only downloads what it shows.
 */
export function createRoutes({ auth, queryClient }: AppDeps): RouteObject[] {
  const checkAuthName = ({ params }: LoaderFunctionArgs) => {
    if (params.authName !== auth.options.name) throw data('Unknown sign-in instance', { status: 404 });
  };

  /** A failed window callback sends the person to the root (spec section 2). */
  const completeWindowSignIn = async (request: Request) => {
    try {
      return redirect(await auth.completeSignInRedirect(request.url));
    } catch (error) {
      logger.error('sign-in callback failed', error);
      return redirect('/');
    }
  };

  const callbackScreen = (label: string) => () => <FullPageLoader label={label} />;

  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: () => <FullPageLoader />,
      children: [
        {
          path: '/',
          loader: redirectSignedIn,
          lazy: () => import('./routes/landing'),
        },
        {
          path: '/dashboard',
          loader: (args) => {
            requireSignedIn(args);
            // Start the account request while the screen's code downloads.
            void queryClient.prefetchQuery(meQueryOptions());
            return null;
          },
          lazy: () => import('./routes/dashboard/dashboard-landing'),
        },

        // OIDC callbacks (spec section 2).
        {
          path: '/auth/signinwin/:authName',
          loader: (args) => {
            checkAuthName(args);
            return completeWindowSignIn(args.request);
          },
          Component: callbackScreen('Signing you in…'),
        },
        {
          path: '/auth/signinpop/:authName',
          loader: async (args) => {
            checkAuthName(args);
            try {
              await auth.completeSignInPopup(args.request.url);
              return null;
            } catch (error) {
              logger.error('popup sign-in callback failed', error);
              return redirect('/');
            }
          },
          Component: callbackScreen('Signing you in…'),
        },
        {
          path: '/auth/signinsilent/:authName',
          loader: async (args) => {
            checkAuthName(args);
            await auth.completeSignInSilent(args.request.url).catch((error: unknown) => {
              logger.debug('silent sign-in callback failed', error);
            });
            return null;
          },
          Component: () => null,
        },
        {
          path: '/auth/signoutpop/:authName',
          loader: async (args) => {
            checkAuthName(args);
            await auth.completeSignOutPopup(args.request.url).catch((error: unknown) => {
              logger.error('popup sign-out callback failed', error);
            });
            return null;
          },
          Component: callbackScreen('Signing you out…'),
        },
        {
          // The app's own callback page: /index.html?auth-callback=1, treated like the window callback.
          path: '/index.html',
          loader: ({ request }) =>
            new URL(request.url).searchParams.get('auth-callback') === '1'
              ? completeWindowSignIn(request)
              : redirect('/'),
          Component: callbackScreen('Signing you in…'),
        },

        { path: '*', lazy: () => import('./routes/not-found') },
      ],
    },
  ];
}

export function createAppRouter(deps: AppDeps) {
  return createBrowserRouter(createRoutes(deps));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
