// What the browser says when a step fails (`net::ERR_SOCKS_CONNECTION_FAILED`, `Timeout 10000ms
// exceeded`, a call log) is written for Playwright's developers. A person reads a sentence about their
// site instead: this is the one place that turns a Playwright or Chromium error into it. The browser's
// own words stay in the run log (replay adds them) and in the trace (Playwright records each call).

import { describeTarget, type Action, targetOf } from './actions';

export interface TranslatedError {
  message: string;
  error_type: string;
  /** The browser's first line, for the log; never shown as the step's error. */
  detail: string;
}

export interface ErrorContext {
  /** The action that failed: the sentence names its element. */
  action?: Action;
}

/** "the site at https://shop.example" (the origin only: a path or token says nothing about a site). */
type SiteSentence = (site: string) => string;

/**
 * Chromium's network errors (net/base/net_error_list.h), grouped by what a person can do about them.
 * A connection through the target guard's proxy fails as ERR_SOCKS_CONNECTION_FAILED whatever the
 * reason, and the guard's own refusals are told before this table is read (session.refusal).
 */
const NETWORK_ERRORS: { codes: string[]; sentence: SiteSentence }[] = [
  {
    codes: [
      'CONNECTION_REFUSED',
      'CONNECTION_FAILED',
      'SOCKS_CONNECTION_FAILED',
      'SOCKS_CONNECTION_HOST_UNREACHABLE',
      'PROXY_CONNECTION_FAILED',
      'TUNNEL_CONNECTION_FAILED',
      'ADDRESS_UNREACHABLE',
    ],
    sentence: (site) =>
      `${site} could not be reached: nothing answered there. The site may be down, or its address or port is wrong.`,
  },
  {
    codes: ['NAME_NOT_RESOLVED', 'NAME_RESOLUTION_FAILED'],
    sentence: (site) =>
      `${site} could not be found: no such host name is known. Check the website's address.`,
  },
  {
    codes: ['CONNECTION_TIMED_OUT', 'TIMED_OUT'],
    sentence: (site) => `${site} did not answer in time: it may be down or overloaded.`,
  },
  {
    codes: ['CONNECTION_RESET', 'CONNECTION_CLOSED', 'CONNECTION_ABORTED', 'EMPTY_RESPONSE'],
    sentence: (site) => `${site} closed the connection without sending a page.`,
  },
  {
    codes: ['INTERNET_DISCONNECTED', 'NETWORK_CHANGED', 'NETWORK_ACCESS_DENIED'],
    sentence: (site) => `${site} could not be reached: the test browser has no network connection.`,
  },
  {
    codes: ['TOO_MANY_REDIRECTS'],
    sentence: (site) => `${site} redirected in a loop and never showed a page.`,
  },
  {
    codes: ['UNSAFE_PORT'],
    sentence: (site) => `${site} uses a port browsers refuse to open.`,
  },
  {
    codes: ['INVALID_URL', 'INVALID_REDIRECT', 'UNKNOWN_URL_SCHEME'],
    sentence: (site) => `${site} is not a web address the browser can open.`,
  },
  {
    codes: ['BLOCKED_BY_CLIENT', 'BLOCKED_BY_RESPONSE', 'BLOCKED_BY_ADMINISTRATOR'],
    sentence: (site) => `${site} was blocked from loading in the test browser.`,
  },
  {
    codes: ['ABORTED'],
    sentence: (site) =>
      `${site} did not finish loading: the page went elsewhere or started a download first.`,
  },
  {
    codes: [
      'INVALID_RESPONSE',
      'CONTENT_DECODING_FAILED',
      'RESPONSE_HEADERS_TRUNCATED',
      'INVALID_HTTP_RESPONSE',
    ],
    sentence: (site) => `${site} sent a broken answer the browser could not read.`,
  },
];

/** Certificates and TLS: ERR_CERT_* and ERR_SSL_* are one family for a person. */
const TLS_SENTENCE: SiteSentence = (site) =>
  `${site} has an HTTPS certificate or connection the browser does not trust.`;

/**
 * What Playwright's call log says of the element when an action timed out, last line first: the
 * state it waited for, in words. `%s` is the element's description.
 */
const ELEMENT_STATES: { pattern: RegExp; error_type: string; sentence: string }[] = [
  {
    pattern: /intercepts pointer events/,
    error_type: 'not_actionable',
    sentence: 'is covered by another element of the page',
  },
  { pattern: /element is not visible/, error_type: 'not_actionable', sentence: 'stayed hidden' },
  { pattern: /element is not enabled/, error_type: 'not_actionable', sentence: 'stayed disabled' },
  { pattern: /element is not editable/, error_type: 'not_actionable', sentence: 'is read-only' },
  { pattern: /element is not stable/, error_type: 'not_actionable', sentence: 'kept moving' },
  {
    pattern: /not attached|detached/,
    error_type: 'not_actionable',
    sentence: 'was replaced by the page while the step used it',
  },
  {
    pattern: /outside of the viewport/,
    error_type: 'not_actionable',
    sentence: 'could not be scrolled into view',
  },
  {
    pattern: /waiting for element to be visible/,
    error_type: 'not_actionable',
    sentence: 'stayed hidden',
  },
];

/** Why an element that was found could not be used, in words ('stayed hidden'); null if the log does not say. */
export function elementState(raw: string): { error_type: string; sentence: string } | null {
  const lines = raw.split('\n').reverse();
  for (const line of lines)
    for (const state of ELEMENT_STATES)
      if (state.pattern.test(line)) return { error_type: state.error_type, sentence: state.sentence };
  return null;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Turns a Playwright or Chromium error into a sentence about the person's site and a SPEC §3 error_type. */
export function translateRunnerError(
  error: unknown,
  raw: string,
  context: ErrorContext = {},
): TranslatedError {
  // Playwright's first line says what failed; the call log after it is for developers.
  const detail = raw.split('\n')[0].replace(/^[a-zA-Z]+\.[a-zA-Z]+: /, '');
  const say = (message: string, error_type: string) => ({ message, error_type, detail });
  const target = context.action ? targetOf(context.action) : null;
  const element = target ? capitalize(describeTarget(target)) : 'The element';

  if (
    /Target (page, context or browser )?(has been )?closed|Browser has been closed|browser has disconnected/i.test(
      raw,
    )
  )
    return say('The browser closed during the step (it crashed or was stopped).', 'browser_closed');

  const network = /net::ERR_([A-Z_]+)/.exec(raw);
  if (network) return say(networkSentence(network[1], raw, context), 'navigation_failed');

  if (/Cannot navigate to invalid URL|Protocol error \(Page\.navigate\)/i.test(raw))
    return say(`${siteOf(raw, context)} is not a web address the browser can open.`, 'navigation_failed');
  if (/Download is starting/i.test(raw))
    return say(`${siteOf(raw, context)} started a download instead of showing a page.`, 'navigation_failed');

  const timeout = isTimeout(error, raw) ? /Timeout (\d+)ms exceeded/.exec(raw) : null;
  const within = timeout ? ` within ${seconds(Number(timeout[1]))}` : '';
  if (isTimeout(error, raw) && /navigating to|waiting for (navigation|load state|event "load")/i.test(raw))
    return say(
      `${siteOf(raw, context)} did not finish loading${within}: it answered too slowly or kept loading.`,
      'navigation_failed',
    );

  const matched = /strict mode violation: .* resolved to (\d+) elements/.exec(raw);
  if (matched)
    return say(`${element} matched ${matched[1]} elements; the step needs exactly one.`, 'not_unique');

  const state = elementState(raw);
  if (state && (isTimeout(error, raw) || /element is not|intercepts pointer events/.test(raw)))
    return say(`${element} was found but ${state.sentence}${within}.`, state.error_type);
  if (isTimeout(error, raw)) {
    if (/locator resolved to/.test(raw))
      return say(`${element} was found but could not be used${within}.`, 'not_actionable');
    if (/waiting for (locator|get[A-Z]|frameLocator)/.test(raw))
      return say(`${element} was not found on the page${within}.`, 'timeout');
    return say(`The step did not finish${within}.`, 'timeout');
  }
  if (/Execution context was destroyed|Frame was detached|frame got detached/i.test(raw))
    return say('The page went to another address while the step was working on it.', 'execution_failed');
  if (/Element is not an? <(select|input)|Not a checkbox or radio button|Cannot type text into/i.test(raw))
    return say(
      `${element} is not the kind of control this step needs: ${lowerFirst(detail)}`,
      'not_actionable',
    );
  return say(
    `The browser could not perform the step (${lowerFirst(detail.replace(/\.$/, ''))}).`,
    'execution_failed',
  );
}

function networkSentence(code: string, raw: string, context: ErrorContext): string {
  const site = siteOf(raw, context);
  if (/^(CERT_|SSL_)/.test(code) || code === 'BAD_SSL_CLIENT_AUTH_CERT') return TLS_SENTENCE(site);
  const kind = NETWORK_ERRORS.find((entry) => entry.codes.includes(code));
  return kind ? kind.sentence(site) : `${site} could not be loaded (the browser's network error ${code}).`;
}

/**
 * 'The site at http://127.0.0.1:4400', from the address Playwright names ("… at <url>", "navigating to
 * "<url>"") or the step's own; its origin only.
 */
function siteOf(raw: string, context: ErrorContext): string {
  const named =
    / at (https?:\/\/\S+)/.exec(raw)?.[1] ??
    /navigating to "([^"]+)"/.exec(raw)?.[1] ??
    (context.action?.kind === 'goto' ? context.action.url : undefined);
  if (!named) return 'The site';
  try {
    return `The site at ${new URL(named).origin}`;
  } catch {
    return `The address ${named.split(/[?#]/)[0]}`;
  }
}

function isTimeout(error: unknown, raw: string): boolean {
  return (error instanceof Error && error.name === 'TimeoutError') || /Timeout \d+ms exceeded/.test(raw);
}

function capitalize(text: string): string {
  return /^"/.test(text) ? `The ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
