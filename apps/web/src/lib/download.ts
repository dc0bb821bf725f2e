import type { RouteDef, RouteInput, RouteOf, RouteRef } from '@tavola/contract';
import { ApiError, routeUrl } from './api-client';
import { sessionStore } from './session-store';

/** Downloads an authenticated file (QR codes, exports) through a blob URL. */
export async function download(path: string, filename: string): Promise<void> {
  const token = sessionStore.get()?.token;
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status === 401) sessionStore.clear();
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(body?.error ?? `Request failed (${res.status})`, res.status);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a route's file answer (a PDF, a CSV, a QR image) for one input. */
export function downloadRoute<T extends RouteRef | RouteDef>(
  route: T,
  input: RouteInput<RouteOf<T>>,
  filename: string,
): Promise<void> {
  return download(routeUrl(route, input), filename);
}
