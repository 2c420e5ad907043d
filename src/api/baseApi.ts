import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { env } from '../config/env';
import { t } from '../config/locale';
import { getAccessToken } from '../lib/supabase';
import { httpErrorMessage, type ApiError } from './apiError';

export const tagTypes = [
  'Organization',
  'OrganizationUser',
  'AdminAccess',
  'TestSuite',
  'BrowserState',
  'TestCase',
  'TestTree',
  'Collection',
  'CollectionRun',
  'SharedParameter',
  'Environment',
  'Module',
  'Run',
  'Artifact',
  'Healing',
  'Image',
  'Schedule',
  'Alerts',
] as const;

/** Data that belongs to the selected suite: refreshed whenever the selection changes (SPEC §4). */
export const suiteScopedTags = [
  'Collection',
  'Module',
  'TestTree',
  'SharedParameter',
  'BrowserState',
  'Environment',
] as const;

// NOTE: absolute, because Request() outside a browser (tests, workers) rejects relative URLs.
const apiBaseUrl = new URL(env.apiUrl, window.location.origin).toString().replace(/\/$/, '');

interface ErrorBody {
  error?: { code?: string; message?: string; details?: unknown };
}

/** A body that is empty or not JSON reads as {} (SPEC §8). */
async function readJsonOrEmpty(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl,
  prepareHeaders: async (headers) => {
    const token = await getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept', 'application/json');
    return headers;
  },
  responseHandler: readJsonOrEmpty,
});

export function toApiError(error: FetchBaseQueryError): ApiError {
  if (typeof error.status === 'number') {
    const body = (error.data ?? {}) as ErrorBody;
    return {
      status: error.status,
      message: httpErrorMessage(error.status),
      serverMessage: body.error?.message,
      code: body.error?.code,
      details: body.error?.details,
    };
  }
  if (error.status === 'TIMEOUT_ERROR') return { status: 'TIMEOUT_ERROR', message: t.http.network };
  if (error.status === 'FETCH_ERROR') return { status: 'FETCH_ERROR', message: t.http.network };
  return { status: 'CUSTOM_ERROR', message: 'error' in error ? error.error : t.http.server };
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error) return { error: toApiError(result.error), meta: result.meta };
  return { data: result.data, meta: result.meta };
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  endpoints: () => ({}),
});

export type TagType = (typeof tagTypes)[number];
