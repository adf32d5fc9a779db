import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { reportConnectivity } from './connectivity';
import { hardRedirect } from './redirect';
import { loginPathFor } from './returnPath';
import { clearStoredSession, readStoredToken } from './tokenStorage';

export const LOGIN_PATH = '/auth/login';
export const LOGOUT_PATH = '/auth/logout';
export const LOGOUT_ALL_PATH = '/auth/logout-all';

/** Relative base: the API is served from the same origin as the app. */
export const api = axios.create({ baseURL: '/api' });

api.interceptors.request.use((config) => {
  const token = readStoredToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

const isLoginRequest = (config: InternalAxiosRequestConfig | undefined) => config?.url === LOGIN_PATH;
const isLogoutRequest = (config: InternalAxiosRequestConfig | undefined) => config?.url === LOGOUT_PATH;

/**
 * A 401 means the stored session is no longer valid, except on the login call itself, where
 * it only means wrong credentials and the login page reports it, and on a sign-out, which is
 * already on its way to the login page (its token may have been revoked before).
 */
export function isSessionEnd(error: unknown): boolean {
  return (
    axios.isAxiosError(error) &&
    error.response?.status === 401 &&
    !isLoginRequest(error.config) &&
    !isLogoutRequest(error.config)
  );
}

/** The login address the last session end on this page sent the visitor to. */
let sessionEndedAt: string | null = null;

api.interceptors.response.use(
  (response) => {
    reportConnectivity(true);
    return response;
  },
  (error: AxiosError) => {
    if (axios.isCancel(error)) return Promise.reject(error);
    if (!error.response) {
      reportConnectivity(false);
    } else {
      reportConnectivity(true);
      if (isSessionEnd(error)) {
        // After signing in again, the visitor is back where the session ended; a late answer
        // after signing out (nothing stored any more) asks for nothing. Requests that were in
        // flight together all answer 401: the ones after the first keep its return path.
        if (readStoredToken() !== null) {
          sessionEndedAt = loginPathFor(`${window.location.pathname}${window.location.search}`);
        }
        clearStoredSession();
        hardRedirect(sessionEndedAt ?? '/login');
      }
    }
    return Promise.reject(error);
  },
);
