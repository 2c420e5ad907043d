// Files the SPA hands a person: text it has (an exported script) or a zip the server makes.
import { env } from '../config/env';
import { getAccessToken } from './supabase';

/** Saves a blob as a file through a temporary link (no second round trip). */
export function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves text as a file, the same way. */
export function downloadText(fileName: string, text: string, type = 'text/plain') {
  downloadBlob(fileName, new Blob([text], { type: `${type};charset=utf-8` }));
}

/**
 * A file the API makes (`/test-case/{id}/export.zip`, `/test-suites/collection/{id}/export.zip`),
 * fetched with the person's token; a refusal throws the server's sentence.
 */
export async function fetchApiFile(apiPath: string): Promise<Blob> {
  const token = await getAccessToken();
  const url = new URL(`${env.apiUrl.replace(/\/$/, '')}${apiPath}`, window.location.origin);
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `The export failed (${response.status})`);
  }
  return response.blob();
}
