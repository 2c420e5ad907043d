import { baseApi } from '../../api/baseApi';
import type { AlertSettings, CollectionAlerts, SigningSecret } from './types';

export type { AlertDelivery, AlertSettings, CollectionAlerts } from './types';

const enc = encodeURIComponent;

const alertsTag = (collectionId: string) => ({ type: 'Alerts' as const, id: collectionId });
// The collection carries alert_on and retry_on_failure too: its page's summary follows a save.
const collectionTag = (collectionId: string) => ({ type: 'Collection' as const, id: collectionId });

export const alertsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCollectionAlerts: build.query<CollectionAlerts, string>({
      query: (collectionId) => `/test-suites/collection/${enc(collectionId)}/alerts`,
      // A run group that ends may send alerts: deliveries follow the collection's reads.
      providesTags: (_alerts, _error, collectionId) => [alertsTag(collectionId), collectionTag(collectionId)],
    }),
    updateCollectionAlerts: build.mutation<
      CollectionAlerts,
      { collectionId: string; settings: AlertSettings }
    >({
      query: ({ collectionId, settings }) => ({
        url: `/test-suites/collection/${enc(collectionId)}/alerts`,
        method: 'PUT',
        body: settings,
      }),
      invalidatesTags: (_alerts, error, { collectionId }) => (error ? [] : [collectionTag(collectionId)]),
    }),
    rotateSigningSecret: build.mutation<SigningSecret, string>({
      query: (collectionId) => ({
        url: `/test-suites/collection/${enc(collectionId)}/alerts/signing-secret`,
        method: 'POST',
      }),
      invalidatesTags: (_secret, error, collectionId) => (error ? [] : [alertsTag(collectionId)]),
    }),
  }),
});

export const {
  useGetCollectionAlertsQuery,
  useUpdateCollectionAlertsMutation,
  useRotateSigningSecretMutation,
} = alertsApi;
