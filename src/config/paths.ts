const enc = encodeURIComponent;

const fixed = (path: string) => ({ path, getHref: () => path });

export const paths = {
  home: fixed('/'),
  dashboard: fixed('/dashboard'),
  testCases: fixed('/test-cases'),
  testCaseDetails: {
    path: '/test-cases/details/:id',
    getHref: (id: string) => `/test-cases/details/${enc(id)}`,
  },
  testCaseRuns: {
    path: '/test-cases/details/:id/runs',
    getHref: (id: string) => `/test-cases/details/${enc(id)}/runs`,
  },
  collections: fixed('/test-cases/collections'),
  collectionDetails: {
    path: '/test-cases/collection/:id',
    getHref: (id: string, createdAt?: string | null) =>
      `/test-cases/collection/${enc(id)}${createdAt ? `?created_at=${enc(createdAt)}` : ''}`,
  },
  sharedParameters: fixed('/test-cases/shared-parameters'),
  integrations: fixed('/integrations'),
  shared: { path: '/shared/:slug', getHref: (slug: string) => `/shared/${enc(slug)}` },
  modules: fixed('/modules'),
  common: fixed('/common'),
  commonStyles: fixed('/common/styles'),
  acceptInvitation: {
    path: '/invitations/accept',
    getHref: (token: string) => `/invitations/accept?token=${enc(token)}`,
  },
  legacyTest: { path: '/test/:id', getHref: (id: string) => `/test/${enc(id)}` },
  legacyTestShort: { path: '/:id', getHref: (id: string) => `/${enc(id)}` },
  legacyCollection: {
    path: '/collections/:suiteId/:collectionId',
    getHref: (suiteId: string, collectionId: string) => `/collections/${enc(suiteId)}/${enc(collectionId)}`,
  },
  auth: {
    start: fixed('/auth'),
    login: fixed('/auth/login'),
    register: fixed('/auth/register'),
    forgotPassword: fixed('/auth/forgot-password'),
    setNewPassword: fixed('/auth/set-new-password'),
    callback: fixed('/auth/callback'),
    verifyEmail: fixed('/auth/verify-email'),
    noOrganization: fixed('/auth/no-organization'),
    settings: fixed('/auth/settings'),
    projectSettings: fixed('/auth/settings/projects'),
  },
} as const;
